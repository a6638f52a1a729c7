/*
 * A core section's JSON file as the build cuts it (vite.config.ts, shared/routes/text-chunks.ts):
 * `?core=public` keeps what a public page shows, `?core=rest&for=<layout>` the rest.
 */
declare module '*.json?core=public' {
  const messages: import('../translator').Messages;
  export default messages;
}

declare module '*.json?core=rest&for=signed-in' {
  const messages: import('../translator').Messages;
  export default messages;
}

declare module '*.json?core=rest&for=admin' {
  const messages: import('../translator').Messages;
  export default messages;
}
