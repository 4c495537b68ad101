// Shared steps of the chat journeys (SPEC §2 Chat): open /chat once the conversation is ready, send
// a message, watch for the typing line while the reply streams.
import type { Locator, Page } from '@playwright/test';
import { expect, waitForHydration } from './support.ts';

declare global {
  interface Window {
    __ellisChatSeen?: { typing: boolean; partialWhileTyping: boolean };
  }
}

/**
 * Records, from the first paint, whether "Ellis is typing..." was ever on screen and whether partial
 * reply text showed next to it: a reply may stream faster than a test can poll.
 */
export async function watchStreaming(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__ellisChatSeen = { typing: false, partialWhileTyping: false };
    const check = () => {
      const typing = document.querySelector('.chat-typing');
      if (!typing || !window.__ellisChatSeen) return;
      window.__ellisChatSeen.typing ||= typing.textContent === 'Ellis is typing...';
      const partial = document.querySelector('.chat-streaming .chat-bubble-text');
      window.__ellisChatSeen.partialWhileTyping ||= (partial?.textContent ?? '').trim() !== '';
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export async function streamingSeen(page: Page): Promise<{ typing: boolean; partialWhileTyping: boolean }> {
  return page.evaluate(() => window.__ellisChatSeen ?? { typing: false, partialWhileTyping: false });
}

export function chatLog(page: Page): Locator {
  return page.getByRole('log', { name: 'Conversation with Ellis' });
}

export function chatInput(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Your message to Ellis' });
}

export function sendButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Send', exact: true });
}

/** Opens /chat and waits for the conversation (the welcome message) to be on screen. */
export async function openChat(page: Page): Promise<void> {
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(chatLog(page).locator('.chat-bubble-ai').first()).toBeVisible({ timeout: 15_000 });
}

/** Sends a message and waits until the reply has finished streaming. Returns the reply bubble. */
export async function sendAndWait(page: Page, text: string): Promise<Locator> {
  const before = await chatLog(page).locator('.chat-bubble-ai').count();
  await chatInput(page).fill(text);
  await sendButton(page).click();
  const reply = chatLog(page).locator('.chat-bubble-ai').nth(before);
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.chat-typing')).toHaveCount(0);
  return reply;
}
