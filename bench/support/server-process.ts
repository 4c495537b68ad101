// Starts a bench server (bench/support/bench-server.ts, or another entry speaking
// measurement-window.ts's IPC protocol) as a child process on a free loopback port with a fresh
// SQLite file.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WindowReport } from './measurement-window.ts';

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  /** Starts a measurement window: event-loop delay histogram and CPU time from now. */
  startWindow(): Promise<void>;
  reportWindow(): Promise<WindowReport>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
/** Entries are found from this file, so a bench can serve another checkout's build: run it from there. */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function nextMessage<T>(child: ChildProcess, type: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`bench server sent no ${type} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message !== null && (message as { type?: string }).type === type) {
        clearTimeout(timer);
        child.off('message', onMessage);
        done(message as T);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`bench server exited with ${code} before sending ${type}`));
    });
  });
}

export async function startBenchServer(entry = 'bench/support/bench-server.ts', env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ellis-bench-'));
  // BENCH_CPU_PROF_DIR=/some/dir writes a V8 CPU profile of the server (open it in Chromium's DevTools).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const child = fork(join(REPO_ROOT, entry), [], {
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `file:${join(dataDir, 'ellis.db')}`,
      ...env,
    },
    // The production logger writes one line per request: written, then discarded, as in production
    // where a collector reads it.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = await nextMessage<{ port: number }>(child, 'listening', START_TIMEOUT_MS);
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    async startWindow() {
      child.send('window-start');
      await nextMessage(child, 'window-started');
    },
    async reportWindow() {
      child.send('window-report');
      return nextMessage<WindowReport>(child, 'window');
    },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
