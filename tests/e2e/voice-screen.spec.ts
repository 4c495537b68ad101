// The voice screen (SPEC §2 Voice screen, §4 Voice call, §8 Voice) against a scripted voice server:
// Chromium's fake microphone sends real frames, page.routeWebSocket plays the server's side, so
// every state and message of DESIGN §5.3 is checked exactly, independent of speech engines.
import { expect, expectNoPageErrors } from './support.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  VOICE_PAGE,
  callButton,
  conversationLog,
  testWithMicrophone,
  openVoicePage,
  scriptVoiceServer,
  statusRegion,
  tonePcm16,
  type ScriptedCall,
} from './voice-support.ts';

const test = testWithMicrophone({ grant: true });

const IDLE_PROMPT = "Press Start Call and say what's going on. Ellis will listen and talk it through with you.";

async function startConnectedCall(page: import('@playwright/test').Page, calls: ScriptedCall[]): Promise<ScriptedCall> {
  await callButton(page).click();
  await expect.poll(() => calls.length).toBe(1);
  const call = calls[0]!;
  await expect.poll(() => call.json[0]).toEqual({ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le' });
  call.send({ type: 'status', status: 'connecting' });
  call.send({ type: 'status', status: 'listening' });
  await expect(callButton(page)).toHaveText('End Call');
  return call;
}

test('the idle screen: heading, Start Call, idle prompt, conversation, phone and chat, instructions', async ({ page, pageErrors }) => {
  await openVoicePage(page);
  const main = page.getByRole('main');
  await expect(callButton(page)).toHaveText('Start Call');
  await expect(statusRegion(page)).toHaveText(IDLE_PROMPT);
  await expect(page.getByRole('button', { name: 'Mute' })).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Conversation', exact: true })).toBeVisible();
  await expect(conversationLog(page)).toHaveText('What you and Ellis say will appear here.');
  const call = main.getByRole('link', { name: 'Call 211 for 24/7 help from a person' });
  await expect(call).toHaveAttribute('href', 'tel:211');
  await expect(call).toHaveText('Call 211');
  await expect(main.getByRole('link', { name: 'Message Ellis' })).toHaveAttribute('href', '/chat');
  await expect(main.getByRole('heading', { name: 'How to talk with Ellis' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: 'Press Start Call. Your browser asks to use your microphone: choose Allow.' })).toBeVisible();
  expectNoPageErrors(pageErrors);
});

test('a call: connecting, connected on the first listening, transcript, speaking, mute, End Call', async ({ page, pageErrors }) => {
  const calls = await scriptVoiceServer(page);
  await openVoicePage(page);

  await callButton(page).click();
  await expect(callButton(page)).toHaveText('Connecting...');
  await expect(statusRegion(page)).toHaveText('Connecting to Ellis...');
  await expect.poll(() => calls.length).toBe(1);
  const call = calls[0]!;
  await expect.poll(() => call.json[0]).toEqual({ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le' });
  // The server's own "connecting" does not connect the call; its first "listening" does.
  call.send({ type: 'status', status: 'connecting' });
  await expect(callButton(page)).toHaveText('Connecting...');
  call.send({ type: 'status', status: 'listening' });
  await expect(callButton(page)).toHaveText('End Call');
  await expect(statusRegion(page)).toHaveText('Connected to EllisSpeak naturally - Ellis is listening and will respond');
  await expect(page.locator('.voice-status p').nth(1)).toHaveText('Speak naturally - Ellis is listening and will respond');

  // The fake microphone streams 20 ms frames of 16 kHz PCM16: 640 bytes each.
  await expect.poll(() => call.binaryFrameSizes.length, { timeout: 10_000 }).toBeGreaterThan(10);
  expect(new Set(call.binaryFrameSizes)).toEqual(new Set([640]));

  call.send({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'I need a' });
  call.send({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'I need a place to sleep tonight' });
  call.send({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: "That sounds hard. Let's find you a bed tonight." });
  const lines = conversationLog(page).getByRole('listitem');
  await expect(lines).toHaveText(['You I need a place to sleep tonight', "Ellis That sounds hard. Let's find you a bed tonight."]);

  // Reply audio: Ellis counts as speaking and the ring follows the volume.
  await expect(page.getByText('Ellis is listening', { exact: true })).toBeVisible();
  call.send({ type: 'audio-format', sampleRate: 16_000 });
  for (let chunk = 0; chunk < 10; chunk += 1) call.socket.send(tonePcm16(16_000, 200));
  await expect(page.getByText('Ellis is speaking', { exact: true })).toBeVisible();
  await expect(page.locator('.voice-call-ring')).not.toHaveAttribute('data-volume-band', 'silent');

  await page.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await expect(page.getByText("Your microphone is muted. Ellis can't hear you until you unmute.")).toBeVisible();
  await expect.poll(() => call.json.at(-1)).toEqual({ type: 'mute', muted: true });
  const framesWhenMuted = call.binaryFrameSizes.length;
  await page.waitForTimeout(300);
  expect(call.binaryFrameSizes.length - framesWhenMuted).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect.poll(() => call.json.at(-1)).toEqual({ type: 'mute', muted: false });

  let closed = false;
  call.socket.onClose(() => (closed = true));
  await callButton(page).click();
  await expect(callButton(page)).toHaveText('Start Call');
  await expect.poll(() => call.json.filter((message) => message.type === 'stop')).toHaveLength(1);
  await expect.poll(() => closed).toBe(true);
  await expect(statusRegion(page)).toHaveText(`The call has ended.${IDLE_PROMPT}`);
  await expect(page.locator('.voice-call-ring')).toHaveAttribute('data-volume-band', 'silent');
  await expect(page.getByRole('button', { name: 'Mute' })).toHaveCount(0);
  await expect(callButton(page)).toBeFocused();
  // The transcript stays readable after the call.
  await expect(lines).toHaveCount(2);
  expectNoPageErrors(pageErrors);
});

test('a second press while connecting is refused', async ({ page }) => {
  const calls = await scriptVoiceServer(page);
  await openVoicePage(page);
  await callButton(page).click();
  await expect(callButton(page)).toHaveText('Connecting...');
  await expect(callButton(page)).toHaveAttribute('aria-disabled', 'true');
  // Playwright waits for aria-disabled controls to become enabled; a person can still press them.
  await callButton(page).click({ force: true });
  await expect(callButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => calls.length).toBe(1);
  await page.waitForTimeout(300);
  expect(calls).toHaveLength(1);
});

test('the Conversation panel is at most 16rem tall and scrolls to the newest line', async ({ page }) => {
  const calls = await scriptVoiceServer(page);
  await openVoicePage(page);
  const call = await startConnectedCall(page, calls);
  for (let index = 1; index <= 30; index += 1) {
    call.send({ type: 'transcript', role: index % 2 ? 'user' : 'assistant', transcriptType: 'final', transcript: `Line number ${index}` });
  }
  const log = conversationLog(page);
  await expect(log.getByRole('listitem')).toHaveCount(30);
  expect(await log.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('256px');
  await expect
    .poll(() => log.evaluate((element) => Math.round(element.scrollHeight - element.clientHeight - element.scrollTop)))
    .toBeLessThanOrEqual(1);
  await log.scrollIntoViewIfNeeded();
  await expect(log.getByText('Line number 30')).toBeInViewport();
});

test('a dropped connection mid-call says so and offers chat and the phone', async ({ page, pageErrors }) => {
  const calls = await scriptVoiceServer(page);
  await openVoicePage(page);
  const call = await startConnectedCall(page, calls);
  await call.socket.close({ code: 1006 });
  const alert = page.getByRole('alert');
  await expect(alert.locator('.voice-problem-text')).toHaveText(
    'The call ended: The connection to Ellis was lost. Check your internet connection, then start a new call.',
  );
  await expect(alert.getByRole('link', { name: 'Message Ellis' })).toHaveAttribute('href', '/chat');
  await expect(alert.getByRole('link', { name: 'Call 211 for 24/7 help from a person' })).toHaveAttribute('href', 'tel:211');
  await expect(alert).toBeFocused();
  await expect(callButton(page)).toHaveText('Start Call');
  await expect(page.locator('.voice-call-ring')).toHaveAttribute('data-volume-band', 'silent');
  expectNoPageErrors(pageErrors);
});

test('a server that cannot be reached is a failed start', async ({ page }) => {
  await scriptVoiceServer(page, (call) => void call.socket.close({ code: 1011 }));
  await openVoicePage(page);
  await callButton(page).click();
  await expect(page.getByRole('alert').locator('.voice-problem-text')).toHaveText(
    'Failed to start call: Ellis could not be reached. Check your internet connection, then try again.',
  );
  await expect(callButton(page)).toHaveText('Start Call');
});

test('no speech-to-text engine on the server: said plainly, with chat and the phone', async ({ page }) => {
  await scriptVoiceServer(page, (call) => {
    call.socket.onMessage(() => {
      call.send({ type: 'error', code: 'speech_recognition_unavailable', message: 'Speech recognition is not available on this server.' });
      call.send({ type: 'call-end', reason: 'error' });
      void call.socket.close({ code: 1013 });
    });
  });
  await openVoicePage(page);
  await callButton(page).click();
  const alert = page.getByRole('alert');
  await expect(alert.locator('.voice-problem-text')).toHaveText(
    "Failed to start call: Voice calls are not available right now because this site has no speech-to-text engine set up, so Ellis can't understand speech.",
  );
  await expect(alert.getByRole('link', { name: 'Message Ellis' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Call 211 for 24/7 help from a person' })).toBeVisible();
  await expect(callButton(page)).toHaveText('Start Call');
});

test('a crisis event shows the crisis lines, which stay after the call', async ({ page }) => {
  const calls = await scriptVoiceServer(page);
  await openVoicePage(page);
  const call = await startConnectedCall(page, calls);
  call.send({
    type: 'crisis',
    level: 'crisis',
    resources: [{ name: '988 Suicide & Crisis Lifeline', phone: '988', sms: '988', url: 'https://988lifeline.org' }],
  });
  await expect(page.getByText('Ellis shared crisis lines you can call or text right now. They are below.')).toBeVisible();
  const block = page.getByRole('region', { name: 'Need help right now?' });
  await expect(block.locator('a[href="tel:988"]')).toBeVisible();
  await expect(block.locator('a[href="tel:911"]')).toBeVisible();
  await callButton(page).click();
  await expect(callButton(page)).toHaveText('Start Call');
  await expect(block).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`the screen in a call, then with a problem and crisis lines, has no axe violations at ${width} px`, async ({ page }) => {
    // Two full axe runs on a busy machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    const calls = await scriptVoiceServer(page);
    await openVoicePage(page);
    const call = await startConnectedCall(page, calls);
    call.send({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'I need a place to sleep tonight' });
    call.send({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'I hear you.' });
    call.send({ type: 'crisis', level: 'crisis', resources: [] });
    await expect(conversationLog(page).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page, `/speak-with-ellis in a call at ${width}px`);

    await call.socket.close({ code: 1006 });
    await expect(page.getByRole('alert').locator('.voice-problem-text')).toBeVisible();
    await expectNoAxeViolations(page, `/speak-with-ellis with a problem at ${width}px`);
  });
}

test('the voice code loads only on its own route', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /voice|capture-worklet/.test(path))).toEqual([]);
  await page.getByRole('main').locator(`a[href="${VOICE_PAGE}"]`).first().click();
  await expect(callButton(page)).toBeEnabled();
  expect(scripts.some((path) => /voice-page/.test(path))).toBe(true);
});
