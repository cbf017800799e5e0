/** The words of the ways to a new e-mailed link, by the kind of link. */
import { MESSAGES } from "@portfolio/core/domain";

export type LinkKind = "activation" | "reset" | "invitation";

export const LINK_COPY: Record<LinkKind, { explanation: string; sent: string; button: string; heading: string }> = {
  activation: {
    heading: "Get a new activation link",
    explanation:
      "For your safety each link works once and only for a limited time. Already activated your account? Then just log in. Otherwise enter your e-mail address and we'll send you a new activation link.",
    sent: "Check your email: if that address has an account waiting for activation, a new activation link is on its way.",
    button: "Send New Activation Link",
  },
  invitation: {
    heading: "Get a new invitation link",
    explanation:
      "For your safety each invitation link works once and only for 7 days. Already chose your password? Then just log in. Otherwise enter the address the invitation came to and we'll send you a new one.",
    sent: "Check your email: if that address has an invitation waiting, a new invitation link is on its way.",
    button: "Send New Invitation Link",
  },
  reset: {
    heading: "Get a new reset link",
    explanation:
      "For your safety each link works once and only for a limited time. Enter your e-mail address and we'll send you a new one.",
    sent: MESSAGES.forgotSent,
    button: "Send Reset Link",
  },
};
