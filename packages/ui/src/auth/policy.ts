/** The policy's rules as the UI loads them: a chunk of their own, fetched once someone is logged in. */
export { decide } from "@portfolio/core/domain";
