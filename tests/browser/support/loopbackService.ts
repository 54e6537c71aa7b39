/** A fake outside service (tiles, camera, recognition) on a loopback port, for browser tests. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening fake service: its base URL and how to stop it (open keep-alive connections included). */
export interface LoopbackService {
  url: string;
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 at a free port. */
export async function startLoopbackService(handler: RequestListener): Promise<LoopbackService> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
