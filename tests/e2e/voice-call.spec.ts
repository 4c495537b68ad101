// A whole voice call through the real pipeline (DESIGN §8, §10): Chromium's fake microphone plays
// a sentence synthesized with espeak-ng; the server's VAD, speech-to-text, assistant and
// text-to-speech answer. Start Call → connected → "You" and "Ellis" lines → End Call → idle.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, expectNoPageErrors, test as base } from './support.ts';
import { callButton, conversationLog, fakeMicrophoneLaunch, openVoicePage, statusRegion } from './voice-support.ts';
import { synthesizeSpeechWav } from './voice-speech.ts';

const SENTENCE = 'I need a place to sleep tonight';

const test = base.extend<object, { speechWavPath: string }>({
  speechWavPath: [
    async ({}, use) => {
      const path = synthesizeSpeechWav(SENTENCE);
      await use(path);
      rmSync(dirname(path), { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [async ({ speechWavPath }, use) => use(fakeMicrophoneLaunch({ grant: true, wavPath: speechWavPath })), { scope: 'worker' }],
});

test('a spoken call: Start Call → connected → "You" and "Ellis" lines → End Call → idle', async ({ page, pageErrors }) => {
  // Speech recognition and synthesis run on this machine's CPU, shared with other tests.
  test.setTimeout(120_000);
  await openVoicePage(page);
  await callButton(page).click();
  await expect(callButton(page)).toHaveText('End Call', { timeout: 20_000 });
  await expect(statusRegion(page)).toContainText('Connected to Ellis');

  const lines = conversationLog(page).getByRole('listitem');
  const userLine = lines.filter({ has: page.locator('.voice-line-speaker', { hasText: /^You$/ }) }).first();
  const ellisLine = lines.filter({ has: page.locator('.voice-line-speaker', { hasText: /^Ellis$/ }) }).first();
  await expect(ellisLine).toBeVisible({ timeout: 60_000 });
  await expect(userLine).toBeVisible({ timeout: 60_000 });
  // The recognizer hears synthesized speech imperfectly; the words that matter must come through.
  await expect(userLine.locator('.voice-line-text')).toContainText(/sleep|place|tonight/i);
  await expect(ellisLine.locator('.voice-line-text')).not.toHaveText('');

  await callButton(page).click();
  await expect(callButton(page)).toHaveText('Start Call');
  await expect(statusRegion(page)).toContainText('The call has ended.');
  await expect(page.locator('.voice-call-ring')).toHaveAttribute('data-volume-band', 'silent');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});
