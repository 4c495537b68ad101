// A whole voice call through the real pipeline (DESIGN §8, §10): Chromium's fake microphone plays
// a sentence synthesized with espeak-ng; the server's VAD, speech-to-text, assistant and
// text-to-speech answer. Start Call → connected → "You" and "Ellis" lines → End Call → idle.
import { expect, expectNoPageErrors } from './support.ts';
import { callButton, conversationLog, openVoicePage, statusRegion, testWithMicrophone } from './voice-support.ts';

const test = testWithMicrophone({ grant: true, speech: 'I need a place to sleep tonight' });

test('a spoken call: Start Call → connected → "You" and "Ellis" lines → End Call → idle', async ({ page, pageErrors }) => {
  // Speech recognition and synthesis run on this machine's CPU, shared with other tests.
  test.setTimeout(180_000);
  await openVoicePage(page);
  await callButton(page).click();
  const problem = page.getByRole('alert');
  await expect(callButton(page).filter({ hasText: 'End Call' }).or(problem)).toBeVisible({ timeout: 30_000 });
  if (await problem.isVisible()) {
    throw new Error(
      `The call did not connect: "${await problem.locator('.voice-problem-text').textContent()}". ` +
        'This test needs the served app to answer /api/voice with real engines: an assistant passed to buildApp in ' +
        'src/server/main.ts, pocketsphinx and Flite (see decision 026).',
    );
  }
  await expect(callButton(page)).toHaveText('End Call');
  await expect(statusRegion(page)).toContainText('Connected to Ellis');

  // Ellis greets first; then the sentence from the fake microphone is heard and answered.
  const speakers = () => conversationLog(page).locator('.voice-line-speaker').allTextContents();
  await expect.poll(speakers, { timeout: 60_000 }).toContain('Ellis');
  await expect
    .poll(
      async () => {
        const said = await speakers();
        const firstYou = said.indexOf('You');
        return firstYou >= 0 && said.indexOf('Ellis', firstYou + 1) > firstYou;
      },
      { timeout: 90_000, message: 'a "You" line followed by an "Ellis" line' },
    )
    .toBe(true);
  // What the recognizer makes of synthesized speech after the browser's echo cancellation, noise
  // suppression and gain control varies from run to run, so only its presence is asserted.
  const heard = await conversationLog(page).locator('.voice-line-user .voice-line-text').first().textContent();
  expect(heard?.trim()).not.toBe('');
  test.info().annotations.push({ type: 'heard', description: heard ?? '' });

  await callButton(page).click();
  await expect(callButton(page)).toHaveText('Start Call');
  await expect(statusRegion(page)).toContainText('The call has ended.');
  await expect(page.locator('.voice-call-ring')).toHaveAttribute('data-volume-band', 'silent');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expectNoPageErrors(pageErrors);
});
