import { it } from 'vitest';
import { openWebsocket, startGateway, startStack, testConfig } from './_util.js';
it('debug', async () => {
  process.on('uncaughtException', (e) => console.log('UNCAUGHT', e));
  const stack = await startStack();
  const gateway = await startGateway({ ...testConfig(stack), service: { host: '127.0.0.1', port: 0, logLevel: 'debug' } }, { logger: (await import('@freemarket/kit')).createLogger('dbg', 'trace') });
  console.log('listeners', gateway.app.server.listenerCount('upgrade'));
  gateway.app.server.prependListener('upgrade', (req, socket) => { console.log('UPGRADE', req.url); socket.on('close', () => console.log('socket closed')); const w = socket.write.bind(socket); socket.write = (c: any, ...a: any[]) => { console.log('WRITE', String(c).slice(0, 200)); return w(c, ...a); }; });
  for (const p of ['/connections']) {
    try { console.log(p, await openWebsocket(gateway.url, p, { origin: 'http://localhost:5000' })); } catch (e) { console.log(p, 'ERR', String(e)); }
  }
  await Promise.race([gateway.destroy(), new Promise((r) => setTimeout(r, 5000))]);
  await stack.close();
});
