/**
 * The assistant as the scenario suite runs it: the built-in guide (no model), at a fixed time.
 */
import type { Assistant } from '../assistant.ts';
import { createEllisAssistant } from '../ellis-assistant.ts';
import { allowedContacts, type AllowedContacts } from '../output-guard.ts';

export async function createScenarioAssistant(_at: Date): Promise<Assistant> {
  return createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 0 });
}

export async function scenarioAllowedContacts(): Promise<AllowedContacts> {
  return allowedContacts({ phoneNumber: null });
}
