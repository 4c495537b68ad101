// SPEC §8 Voice: when the microphone cannot be used, the call does not start and the screen says
// why ("Failed to start call: " plus the reason) in the page, with chat and the phone as ways out.
import { expect, expectNoPageErrors } from './support.ts';
import { callButton, testWithMicrophone, openVoicePage, scriptVoiceServer } from './voice-support.ts';

const test = testWithMicrophone({ grant: false });

test('with microphone permission denied, Start Call says access is blocked and offers chat and the phone', async ({ page, pageErrors }) => {
  const calls = await scriptVoiceServer(page);
  await openVoicePage(page);
  await callButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert.locator('.voice-problem-text')).toHaveText(
    "Failed to start call: Ellis can't hear you because microphone access is blocked. To allow it, open your browser's site settings (often the lock or settings icon next to the address), allow the microphone for this site, then press Start Call again.",
  );
  await expect(alert).toContainText('You can still reach Ellis by text chat, or call for help from a person.');
  await expect(alert.getByRole('link', { name: 'Message Ellis' })).toHaveAttribute('href', '/chat');
  await expect(alert.getByRole('link', { name: 'Call 211 for 24/7 help from a person' })).toHaveAttribute('href', 'tel:211');
  await expect(alert).toBeFocused();
  await expect(callButton(page)).toHaveText('Start Call');
  await expect(page.locator('.voice-call-ring')).toHaveAttribute('data-volume-band', 'silent');
  // The microphone comes first: no socket was opened for a call that could not hear anyone.
  expect(calls).toHaveLength(0);
  expectNoPageErrors(pageErrors);
});
