/** Result types of the registry: a zod schema where worth describing, else a type only. */
import { z } from "zod";

/** A result known by its type only (the OpenAPI document shows it as an object). */
export function returns<T>(): z.ZodType<T> {
  return z.custom<T>(() => true);
}
