// Where every mock model listens: a free port on 127.0.0.1 (only loopback is ever used), closed with
// its open connections so a host that keeps one alive cannot hold a test open.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export async function listenOnLoopback(server: Server, path = ""): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
