/**
 * Wraps a transport so the status area hears of every call right away ('N changes waiting' goes up as
 * soon as a project is saved) instead of at the next 2-second poll.
 */
import type { Transport } from "@portfolio/core/operations/client";

export function refreshingTransport(inner: Transport, afterCall: () => void): Transport {
  return {
    async call(name, input) {
      try {
        return await inner.call(name, input);
      } finally {
        afterCall();
      }
    },
  };
}
