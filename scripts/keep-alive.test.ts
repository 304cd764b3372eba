import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error: tooling module in plain JavaScript, no declarations
import { keepConnectionsOpen } from "./keep-alive.mjs";

// A connection a client left idle for longer than Node's default (5 s, closed at 6 s) is still there to reuse, so a
// request sent as the server would have closed it does not die with ECONNRESET.
describe("the app server's kept-alive connections", () => {
  let server: Server;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  afterEach(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (port: number) =>
    new Promise<{ reusedSocket: boolean }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ reusedSocket: req.reusedSocket }));
      });
      req.on("error", reject);
      req.end();
    });

  it("stays open past Node's default idle timeout", async () => {
    server = keepConnectionsOpen(createServer((_req, res) => res.end("ok")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    expect((await get(port)).reusedSocket).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect((await get(port)).reusedSocket).toBe(true);
  });
});
