import { it } from 'vitest';
import { openWebsocket, startGateway, startStack, testConfig } from './_util.js';
it('debug', async () => {
  process.on('uncaughtException', (e) => console.log('UNCAUGHT', e));
  const stack = await startStack();
  const gateway = await startGateway({ ...testConfig(stack), service: { host: '127.0.0.1', port: 0, logLevel: 'debug' } }, { logger: (await import('@freemarket/kit')).createLogger('dbg', 'trace') });
  console.log('listeners', gateway.app.server.listenerCount('upgrade'));
  const [orig] = gateway.app.server.listeners('upgrade') as any[];
  gateway.app.server.removeAllListeners('upgrade');
  gateway.app.server.on('upgrade', (req: any, socket: any, head: any) => { orig(req, socket, head); });
  for (const p of ['/connections', '/connections', '/api/messages', '/connections']) {
    try { console.log(p, await openWebsocket(gateway.url, p, { origin: 'http://localhost:5000' })); } catch (e) { console.log(p, 'ERR', String(e)); }
  }
  await Promise.race([gateway.destroy(), new Promise((r) => setTimeout(r, 5000))]);
  await stack.close();
});
