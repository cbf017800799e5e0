/** The live age figure of spec section 9: years since the birth date in 365.25-day years. */

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;
export const AGE_DECIMALS = 8;
export const AGE_REFRESH_MS = 50;

export function ageInYears(birthDate: Date, now: Date): number {
  return (now.getTime() - birthDate.getTime()) / MS_PER_YEAR;
}

export function formatAge(birthDate: Date, now: Date): string {
  return ageInYears(birthDate, now).toFixed(AGE_DECIMALS);
}

/** The easter egg fires on the birthday (14 November by default), in the visitor's local time. */
export function isBirthday(birthDate: Date, now: Date): boolean {
  return now.getMonth() === birthDate.getMonth() && now.getDate() === birthDate.getDate();
}
