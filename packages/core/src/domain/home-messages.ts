/**
 * The texts of spec sections 5 and 8 that the home page shows. MESSAGES holds them too; they live here so
 * the home page's first load carries these two instead of every form's messages.
 */
export const HOME_MESSAGES = {
  databaseFailed: "Failed to connect to database",
  ageOtherDay: "Maybe return later, it may do something!",
} as const;
