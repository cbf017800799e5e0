// Asks the kernel for an unused loopback port rather than hard-coding one,
// so the bench never collides with a dev server already running here.
import net from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      // Close before handing the port on: the server under test must bind it.
      server.close(() => resolve(port));
    });
  });
}
