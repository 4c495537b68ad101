/**
 * Ellis's persona (DESIGN §7.4): the system prompt a model gets, and the welcome texts. The prompt
 * carries the grounding (the only resources the model may name) for this one turn.
 */
import { formatPhoneNumber } from '../../shared/public-config.ts';
import type { SiteLocale } from '../../shared/site-locales.ts';
import type { AssistantChannel } from './assistant.ts';
import { fill, guideWording } from './guide-wording.ts';
import { openLabel, renderServiceLabel } from '../../shared/service-labels.ts';
import type { Place, ServiceResult } from '../../shared/services-api.ts';
import type { GroundedResource } from './grounding.ts';
import type { HowToGuide } from './how-to-guides.ts';

export interface SystemPromptInput {
  channel: AssistantChannel;
  username?: string | null;
  resources: readonly GroundedResource[];
  /** Ellis's own line when configured. */
  phoneNumber: string | null;
  /** Where the person is, when they said so (now or earlier in the conversation). */
  place?: Place | null;
  /** Services near them from the directory, open ones first. */
  services?: readonly ServiceResult[];
  /** The step-by-step guide their message asks for. */
  guide?: HowToGuide | null;
  /** The time of this reply, for what is open. */
  at?: Date;
  /** True when the fixed crisis reply (with 988, 911 and the other lines) was already shown this turn. */
  crisisReplyShown: boolean;
  /** A fixed safety question (screening or "are you safe?") was already asked this turn. */
  safetyQuestionAsked?: boolean;
  /** The conversation is at crisis or above from an earlier turn (safety/risk-state.ts). */
  ongoingCrisis?: boolean;
  /** The language to answer in (reply-language.ts); English when absent. */
  locale?: SiteLocale;
}

/** How the prompt names each language to the model. */
const LANGUAGE_FOR_MODEL: Readonly<Record<SiteLocale, string>> = {
  en: 'English',
  es: 'Spanish (Latin American, as spoken in the Bay Area; address the person as "usted")',
  'zh-Hant': 'Chinese, written in Traditional characters (standard written Chinese with Hong Kong vocabulary, as read in San Francisco\'s Chinatown; address the person as 您)',
  tl: 'Tagalog (Filipino as spoken in the Bay Area, with the English loanwords people use; address the person as kayo/ninyo)',
  vi: 'Vietnamese (with full diacritics; address the person as "bạn")',
};

function languageLine(locale: SiteLocale): string {
  return `- The person's language is ${LANGUAGE_FOR_MODEL[locale]}. Reply in that language, in plain words a 12-year-old reads easily. If they clearly switch to another language, follow them. Keep names of programs and organizations, phone numbers and links exactly as listed.`;
}

export function buildSystemPrompt(input: SystemPromptInput): string {
  const lines = [
    'You are Ellis, an AI-enhanced social worker for people in the San Francisco Bay Area facing homelessness, housing loss, food insecurity or mental-health struggles.',
    'You are an AI. You are not a licensed therapist, counselor or social worker; if asked, say so plainly.',
    'How you talk:',
    "- Warm, calm and brief: two to four short sentences. Plain words a tired person on a phone can read.",
    "- Reflect what the person said in their own words before anything else.",
    '- Ask at most one question, and only one, at the end.',
    '- Never diagnose, never judge, never promise what a service will do, never give legal or medical advice; point to the resources below instead.',
    languageLine(input.locale ?? 'en'),
    'Resources:',
    '- You may name ONLY the resources listed here, with exactly the link or number shown. Never make up or guess a phone number, link, address, opening hours or eligibility rule.',
    '- 211 (dial 211) connects to free local help, 24/7. In a crisis: call or text 988; in danger: call 911; Crisis Text Line: text HOME to 741741; National Domestic Violence Hotline: 1-800-799-7233.',
  ];
  if (input.phoneNumber) lines.push(`- People can also call Ellis at ${formatPhoneNumber(input.phoneNumber)}.`);
  if (input.resources.length > 0) {
    lines.push('Directory entries that match what the person needs (offer one to three, name and link):');
    for (const resource of input.resources) {
      lines.push(`- ${resource.name}: ${resource.url}${resource.phone ? `, phone ${resource.phone}` : ''} — ${resource.description}`);
    }
  } else {
    lines.push('No directory entry matched this message; if they need services, offer 211.');
  }
  if (input.place) {
    const county = input.place.county ? ` (${input.place.county} County)` : '';
    lines.push(`The person said where they are: ${input.place.name}${county}. Do not ask again where they are.`);
  } else {
    lines.push('If they need a place nearby and have not said where they are, ask once for their city, neighborhood or ZIP code.');
  }
  if (input.services && input.services.length > 0) {
    lines.push('Services near them (offer these first, open ones first, by name with the number or link shown, and how to reach them now):');
    for (const service of input.services) {
      const address = service.location?.address ? `${service.location.address.address_1}, ${service.location.address.city}` : 'by phone';
      const phone = service.phones[0]?.number;
      const open = renderServiceLabel(openLabel(service.open, input.at ?? new Date()));
      lines.push(`- ${service.name}: ${open}; ${address}${phone ? `; phone ${phone}` : ''}${service.url ? `; ${service.url}` : ''}${service.eligibility ? `; who: ${service.eligibility}` : ''}`);
    }
  }
  if (input.guide) {
    lines.push(`They ask how to do something. Give these steps, in your words, briefly (source: ${input.guide.sources.map((source) => `${source.name} ${source.url}`).join(', ')}):`);
    for (const [index, step] of input.guide.steps.entries()) lines.push(`${index + 1}. ${step}`);
    if (input.guide.bring.length > 0) lines.push(`What to bring: ${input.guide.bring.join('; ')}.`);
  }
  lines.push("- Do not repeat the person's words back to them; answer what they asked.");
  if (input.channel === 'voice') {
    lines.push('This is a voice call: speak naturally, no lists, no links, no markdown, never say "above"; say resource names, and numbers digit by digit; offer to repeat a number slowly.');
  } else {
    lines.push('Write plain text: no markdown headings or tables.');
  }
  if (input.crisisReplyShown) {
    lines.push(
      'The person may be in crisis. A fixed safety message with 988, 911 and other crisis lines has ALREADY been shown just before your reply and it ended by asking whether they are safe. Do not repeat the numbers and do not ask another question: add one or two warm sentences that acknowledge what they said and stay with them.',
    );
  }
  if (input.safetyQuestionAsked) {
    lines.push(
      'A fixed, direct safety question has ALREADY been asked just before your reply. Do not ask any question: add one or two warm sentences that acknowledge what they said, and leave room for their answer.',
    );
  } else if (input.ongoingCrisis && !input.crisisReplyShown) {
    lines.push(
      'Earlier in this conversation the person showed signs of crisis and was given 988 and 911. Stay gentle and attentive; if anything suggests danger now, remind them of 988 and 911.',
    );
  }
  if (input.username) lines.push(`The person's username is ${input.username}; use it sparingly, if at all.`);
  return lines.join('\n');
}

/** The first message of a public conversation, in the page's language. */
export function publicWelcome(locale: SiteLocale = 'en'): string {
  return guideWording(locale).welcome.public;
}

export function privateWelcome(username: string | null | undefined, locale: SiteLocale = 'en'): string {
  const words = guideWording(locale).welcome;
  const greeting = username ? fill(words.privateGreetingNamed, { username }) : words.privateGreeting;
  return fill(words.private, { greeting });
}
