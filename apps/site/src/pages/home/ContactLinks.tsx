import {
  cx,
  FOCUS_RING,
  GitHubIcon,
  type IconProps,
  LinkedInIcon,
  MailIcon,
  TwitchIcon,
  YouTubeIcon,
} from "@portfolio/ui";
import type { ComponentType } from "react";
import type { SiteSettings, SocialLink } from "../../settings/site-settings.ts";

const ICONS: Record<SocialLink["name"], ComponentType<IconProps>> = {
  GitHub: GitHubIcon,
  LinkedIn: LinkedInIcon,
  YouTube: YouTubeIcon,
  Twitch: TwitchIcon,
};

/** The business e-mail and the social links. */
export function ContactLinks({ settings }: { settings: SiteSettings }) {
  return (
    <div className="mt-8 flex flex-col items-center gap-5">
      <p className="text-base text-slate-700 dark:text-slate-300">
        For business inquiries:{" "}
        <a
          href={`mailto:${settings.businessEmail}`}
          data-testid="business-email"
          className={cx(
            "inline-flex items-center gap-1.5 rounded font-semibold text-indigo-700 underline decoration-indigo-300 underline-offset-4 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700",
            FOCUS_RING,
          )}
        >
          <MailIcon size={18} />
          {settings.businessEmail}
        </a>
      </p>
      {/* The name sits on a landmark: HTML gives a plain list no name of its own. */}
      <nav aria-label="Social links">
        <ul className="flex flex-wrap justify-center gap-3">
          {settings.socialLinks.map((link) => {
            const Icon = ICONS[link.name];
            return (
              <li key={link.name}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.name} (opens in a new tab)`}
                  title={link.name}
                  className={cx("social-link", FOCUS_RING)}
                >
                  <Icon size={20} />
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
