/**
 * A redis-server of a test's or proof suite's own, on a free port, without persistence
 * (`--save "" --appendonly no`), which the owner may kill, stop (SIGSTOP) and start again at will
 * — never the shared Redis on 6379. Every signal goes to the pid this module spawned.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface PrivateRedis {
  port: number;
  /** redis://127.0.0.1:PORT/0 */
  url: string;
  /** The pid of the running redis-server, or null while it is killed. */
  readonly pid: number | null;
  /** Starts it (again, on the same port, empty) and waits until it answers PING. */
  start(): Promise<void>;
  /** SIGKILL: Redis is gone, connections are cut. */
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open, nothing is answered. */
  freeze(): void;
  /** SIGCONT after {@link freeze}. */
  thaw(): void;
}

/** One PING over a fresh connection; true if Redis answered PONG within `ms`. */
export function ping(port: number, ms = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function privateRedis(port: number): PrivateRedis {
  let child: ChildProcess | null = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      if (child) throw new Error('private redis-server already running');
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--loglevel',
          'warning',
        ],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 100; i++) {
        if (await ping(port, 200)) return;
        await sleep(50);
      }
      throw new Error(`private redis-server on ${port} did not answer`);
    },
    async kill() {
      const c = child;
      if (!c) return;
      child = null;
      const exited = new Promise((r) => c.once('exit', r));
      if (c.exitCode === null) {
        process.kill(c.pid!, 'SIGCONT');
        process.kill(c.pid!, 'SIGKILL');
        await exited;
      }
    },
    freeze() {
      if (child) process.kill(child.pid!, 'SIGSTOP');
    },
    thaw() {
      if (child) process.kill(child.pid!, 'SIGCONT');
    },
  };
}
