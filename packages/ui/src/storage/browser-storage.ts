/** localStorage when there is one: undefined while prerendering, and where the browser blocks storage. */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
