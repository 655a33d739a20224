import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { Agent, request } from 'node:http';
import { SOCKET_PATH, type ClientToServerEvents, type Message, type ServerToClientEvents } from '@freemarket/contracts';
import { send, serveMeasurements, type LoadMember, type LoadPlan, type ParentMessage, type PhaseStats } from './ipc.js';

/**
 * The benchmark's clients, in a process of their own: one socket.io client per member (websocket,
 * through the gateway), and the senders posting `/api/messages`. Members 2i and 2i+1 are a pair.
 */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CONNECT_CONCURRENCY = 50;
const sockets: ClientSocket[] = [];
let plan: LoadPlan;
let agent: Agent;

/** Send times of the current phase by sequence number; NaN once delivered or never sent. */
let sentAt = new Float64Array(0);
let latencies: number[] = [];
let postLatencies: number[] = [];
let accepted = 0;
let failed = 0;
let phase = 0;

function onMessage(member: LoadMember, message: Message): void {
  if (message.receiverId !== member.id) return;
  const match = /^bench (\d+) (\d+)$/.exec(message.content);
  if (!match || Number(match[1]) !== phase) return;
  const seq = Number(match[2]);
  const t0 = sentAt[seq];
  if (t0 === undefined || Number.isNaN(t0)) return;
  latencies.push(performance.now() - t0);
  sentAt[seq] = Number.NaN;
}

async function connectOne(member: LoadMember): Promise<boolean> {
  const socket: ClientSocket = io(plan.gateways[member.gateway]!, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: member.cookie, origin: plan.origin },
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  socket.on('message:new', (message) => onMessage(member, message));
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

async function connectAll(): Promise<void> {
  const started = performance.now();
  let next = 0;
  let connected = 0;
  const worker = async () => {
    while (next < plan.members.length) {
      const member = plan.members[next++]!;
      if (await connectOne(member)) connected += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  send({ type: 'connected', connected, failed: plan.members.length - connected, ms: Math.round(performance.now() - started) });
}

async function post(seq: number, from: LoadMember, to: LoadMember): Promise<void> {
  const t0 = performance.now();
  sentAt[seq] = t0;
  try {
    const status = await postJson(`${plan.gateways[from.gateway]}/api/messages`, from.cookie, JSON.stringify({ receiverId: to.id, content: `bench ${phase} ${seq}` }));
    postLatencies.push(performance.now() - t0);
    if (status === 201) accepted += 1;
    else {
      failed += 1;
      sentAt[seq] = Number.NaN;
    }
  } catch {
    failed += 1;
    sentAt[seq] = Number.NaN;
  }
}

/** A keep-alive POST with node's own client; resolves with the status once the body is read. */
function postJson(url: string, cookie: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { cookie, origin: plan.origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** Sends `rate` messages a second for `seconds`, spread evenly, alternating direction within each pair. */
async function run(seconds: number, rate: number, graceSeconds: number): Promise<PhaseStats> {
  phase += 1;
  const total = Math.round(seconds * rate);
  sentAt = new Float64Array(total).fill(Number.NaN);
  latencies = [];
  postLatencies = [];
  accepted = 0;
  failed = 0;
  const pairs = Math.floor(plan.members.length / 2);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  let seq = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      for (; seq < due; seq += 1) {
        const pair = seq % pairs;
        const forward = Math.floor(seq / pairs) % 2 === 0;
        const [a, b] = [plan.members[2 * pair]!, plan.members[2 * pair + 1]!];
        inFlight.push(forward ? post(seq, a, b) : post(seq, b, a));
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const sendSeconds = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  const deadline = performance.now() + graceSeconds * 1000;
  while (latencies.length < accepted && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  loop.disable();
  const sorted = [...latencies].sort((x, y) => x - y);
  const posts = [...postLatencies].sort((x, y) => x - y);
  return {
    accepted,
    failed,
    delivered: latencies.length,
    lost: accepted - latencies.length,
    latency: { p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), max: round(sorted.at(-1) ?? 0) },
    postLatency: { p50: pct(posts, 50), p99: pct(posts, 99) },
    rate: Math.round(total / sendSeconds),
    clientLoopDelayMaxMs: round(loop.max / 1e6),
    clientLoopDelayP99Ms: round(loop.percentile(99) / 1e6),
  };
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

serveMeasurements();
process.on('message', (message: ParentMessage) => {
  const fail = (err: unknown) => send({ type: 'error', message: err instanceof Error ? err.stack ?? err.message : String(err) });
  if (message.type === 'connect') {
    plan = message.plan;
    agent = new Agent({ keepAlive: true, maxSockets: 64 });
    connectAll().catch(fail);
  } else if (message.type === 'run') {
    run(message.seconds, message.rate, message.graceSeconds).then((stats) => send({ type: 'result', stats }), fail);
  }
});
process.once('disconnect', () => {
  for (const socket of sockets) socket.close();
  agent?.destroy();
});
send({ type: 'ready' });
