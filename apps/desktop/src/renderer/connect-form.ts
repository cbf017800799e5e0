/**
 * The first-run and 'Sign in again' forms: the fields checked before calling main, and main's answers
 * ('serverUrl: the server address must start with ...') placed on the field they name.
 */
export type ConnectField = "serverUrl" | "username" | "password";

export interface ConnectValues {
  serverUrl: string;
  username: string;
  password: string;
}

export const CONNECT_MESSAGES = {
  serverUrl: "Enter the server address.",
  username: "Enter your username.",
  password: "Enter your password.",
} as const;

export type FieldErrors = Partial<Record<ConnectField, string>>;

/** The empty fields, each with its message; {} when the form may be sent. */
export function checkConnect(values: ConnectValues, fields: readonly ConnectField[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) if (values[field].trim() === "") errors[field] = CONNECT_MESSAGES[field];
  return errors;
}

/** 'serverUrl: the server address is required.' → the field and 'The server address is required.'. */
export function placeError(message: string): { field: ConnectField | null; text: string } {
  const match = /^(serverUrl|username|password): (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return { field: null, text: message };
  const text = match[2];
  return { field: match[1] as ConnectField, text: text.charAt(0).toUpperCase() + text.slice(1) };
}
