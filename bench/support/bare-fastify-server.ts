// A yardstick for this machine: Fastify with no plugins, no logger and no database, answering
// with a JSON body shaped like the bookmark list. The API bench reports how far each endpoint is
// from it, which stays comparable when the machine is shared or slow.
import Fastify from 'fastify';
import { serveMeasurementWindows } from './measurement-window.ts';

const BOOKMARKS = Array.from({ length: 20 }, (_, index) => ({
  id: `0198d7c2-0000-7000-8000-${String(index).padStart(12, '0')}`,
  user_id: '0198d7c2-0000-7000-8000-000000000000',
  title: `Bookmark ${index}`,
  url: `https://example.org/${index}`,
  description: 'Bench data',
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
}));

const app = Fastify({ logger: false });
app.get('/bookmarks', async () => BOOKMARKS);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
serveMeasurementWindows(typeof address === 'object' && address ? address.port : 0, () => app.close());
