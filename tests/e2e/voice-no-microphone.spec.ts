// SPEC §8 Voice: with no microphone the call does not start, and the screen says why ("Failed to
// start call: " plus the reason) in the page.
import { expect } from './support.ts';
import { callButton, testWithMicrophone, openVoicePage } from './voice-support.ts';

const test = testWithMicrophone({ grant: true, device: false });

test('without a microphone, Start Call says none was found and stays idle', async ({ page }) => {
  await openVoicePage(page);
  await callButton(page).click();
  await expect(page.getByRole('alert').locator('.voice-problem-text')).toHaveText(
    'Failed to start call: No microphone was found. Connect a microphone or headset, then press Start Call again.',
  );
  await expect(callButton(page)).toHaveText('Start Call');
});
