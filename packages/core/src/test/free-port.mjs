/**
 * A free loopback port, asked of the kernel rather than hard-coded, so a test cluster, a test server or a
 * bench never collides with something already running here.
 */
import { createServer } from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      // Closed before the port is handed on: whatever runs next must bind it.
      probe.close(() => resolve(port));
    });
  });
}
