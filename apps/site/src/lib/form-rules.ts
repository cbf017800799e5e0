/** The checks of the sign-in forms (spec section 5, exact messages). Loaded on demand: see load-form-rules.ts. */
export {
  firstError,
  firstIssue,
  forgotFormSchema,
  loginFormSchema,
  resetFormSchema,
  signupFormSchema,
} from "@portfolio/core/domain";
