/**
 * A `Transport` whose code loads on the first call: a page hydrates without the HTTP
 * transport and the registry's route table, which it needs only for the calls it makes after hydrating.
 */
import { ApiNetworkError, type Transport } from "@portfolio/core/operations/client";

export function lazyTransport(load: () => Promise<Transport>): Transport {
  let loading: Promise<Transport> | undefined;
  return {
    async call(name, input) {
      loading ??= load().catch((error: unknown) => {
        loading = undefined; // the next call tries again (e.g. back online, or after a redeploy)
        throw new ApiNetworkError(error);
      });
      return (await loading).call(name, input);
    },
  };
}
