// The IPC side of a bench server child: {type:'listening', port} once up; 'window-start' starts a
// measurement window (event-loop delay histogram at 1 ms resolution, process CPU time);
// 'window-report' answers a WindowReport; 'stop' runs the given shutdown and exits.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface WindowReport {
  type: 'window';
  wallMs: number;
  /** CPU time of the whole process (event loop and libuv threads), user + system. */
  cpuMs: number;
  lagSamples: number;
  minMs: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

const toMs = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 100) / 100;

export function serveMeasurementWindows(port: number, shutdown: () => Promise<void>): void {
  // 1 ms resolution: 10 ms would hide the delays the 20 ms budget is about.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let windowStart = { cpu: process.cpuUsage(), wall: performance.now() };
  process.on('message', (message: unknown) => {
    if (message === 'window-start') {
      histogram.reset();
      windowStart = { cpu: process.cpuUsage(), wall: performance.now() };
      process.send?.({ type: 'window-started' });
    } else if (message === 'window-report') {
      const cpu = process.cpuUsage(windowStart.cpu);
      const report: WindowReport = {
        type: 'window',
        wallMs: Math.round(performance.now() - windowStart.wall),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        lagSamples: histogram.count,
        minMs: toMs(histogram.min),
        meanMs: toMs(histogram.mean),
        p50Ms: toMs(histogram.percentile(50)),
        p90Ms: toMs(histogram.percentile(90)),
        p99Ms: toMs(histogram.percentile(99)),
        maxMs: toMs(histogram.max),
      };
      process.send?.(report);
    } else if (message === 'stop') {
      void shutdown().then(() => process.exit(0));
    }
  });
  process.send?.({ type: 'listening', port });
}
