/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API ('' = same origin), fixed at build time. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
