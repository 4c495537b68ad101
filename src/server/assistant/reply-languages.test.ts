/**
 * Every visitor in their language (issue 15): the reply language rule, the guide's and the
 * practical replies' wording, the crisis replies and the welcome, in each language Ellis speaks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_LABELS_EN, openLabel, renderServiceLabel } from '../../shared/service-labels.ts';
import { SITE_LOCALES, type SiteLocale } from '../../shared/site-locales.ts';
import type { AssistantEvent } from './assistant.ts';
import { crisisReply, replyWords } from './crisis-reply.ts';
import { createEllisAssistant } from './ellis-assistant.ts';
import { guideWording } from './guide-wording.ts';
import { howToGuides, localizedGuide } from './how-to-guides.ts';
import { buildSystemPrompt } from './persona.ts';
import { replyLocale } from './reply-language.ts';
import { createScenarioAssistant } from './scenarios/scenario-kit.ts';

const AT = new Date('2026-11-24T19:00:00-08:00');
const ALAMEDA_ENTRY = 'Shelter and Coordinated Entry in Alameda County';

async function replyTo(userText: string, locale: SiteLocale | null): Promise<{ text: string; events: AssistantEvent[] }> {
  const assistant = await createScenarioAssistant(AT);
  const events: AssistantEvent[] = [];
  for await (const event of assistant.reply({ history: [], userText, channel: 'chat', signal: new AbortController().signal, locale })) events.push(event);
  return { text: events.map((event) => (event.type === 'delta' ? event.text : '')).join(''), events };
}

describe('the reply language', () => {
  it.each([
    ['the message, when it clearly is one language', 'Necesito ayuda con comida', 'en', 'es'],
    ['English, when the message clearly is English, on a Spanish page', 'I need a place to sleep', 'es', 'en'],
    ['the page, when the message does not tell', 'Oakland', 'vi', 'vi'],
    ['the page, for a greeting that is only a word', 'ok', 'tl', 'tl'],
    ['English, when neither tells', 'Oakland', null, 'en'],
    ['Chinese in Traditional characters, from the script', '我需要幫助', 'en', 'zh-Hant'],
  ] as const)('is %s', (_, userText, pageLocale, expected) => {
    expect(replyLocale({ userText, pageLocale })).toBe(expected);
  });

  it("keeps the conversation's language for a short answer, over the page's", () => {
    expect(replyLocale({ userText: 'Oakland', pageLocale: 'en', conversationLanguage: 'es' })).toBe('es');
  });
});

describe('"I need a place to sleep tonight in Oakland" in each language', () => {
  it.each([
    {
      name: 'in Spanish: the Alameda County entry, every word in Spanish',
      message: 'Necesito un lugar para dormir esta noche en Oakland',
      paragraphs: [
        'Aquí puede buscar una cama.',
        `En el condado de Alameda, cerca de Oakland, para esta noche:\n• ${ALAMEDA_ENTRY}: Llame para saber el horario · Por teléfono · Llame al 211 · Sin verificar: llame para confirmar, o llame al 211`,
        'Nota: Not verified by the Ellis team: call to confirm, or call 211.',
        'Si están llenos, marque 211, de día o de noche.',
      ],
    },
    {
      name: 'in Chinese: the Alameda County entry, with 奧克蘭 found as Oakland',
      message: '我今晚需要一個地方睡覺，我在奧克蘭',
      paragraphs: [
        '以下是可以找床位的地方。',
        `在 Alameda 縣、Oakland 附近今晚可以去的地方：\n• ${ALAMEDA_ENTRY}: 請致電查詢開放時間 · 以電話服務 · 致電 211 · 未經核實：請打電話確認，或者致電 211`,
        '注意：Not verified by the Ellis team: call to confirm, or call 211。',
        '如果這些地方已滿，請撥 211，日夜都可以。',
      ],
    },
    {
      name: 'in Tagalog: the Alameda County entry',
      message: 'Kailangan ko ng matutulugan ngayong gabi sa Oakland',
      paragraphs: [
        'Dito kayo puwedeng maghanap ng higaan.',
        `Sa Alameda County, malapit sa Oakland, para ngayong gabi:\n• ${ALAMEDA_ENTRY}: Tumawag para malaman ang oras · Sa telepono · Tumawag sa 211 · Hindi pa na-verify: tumawag para kumpirmahin, o tumawag sa 211`,
        'Paalala: Not verified by the Ellis team: call to confirm, or call 211.',
        'Kung puno na ang mga ito, tumawag sa 211, araw man o gabi.',
      ],
    },
  ])('$name', async ({ message, paragraphs }) => {
    const { text } = await replyTo(message, 'en');
    expect(text).toBe(paragraphs.join('\n\n'));
  });

  it('in Vietnamese, with or without accents: the Alameda County entry', async () => {
    const expected = [
      'Đây là những nơi bạn có thể thử tìm chỗ ngủ.',
      `Ở Quận Alameda, gần Oakland, chỗ ngủ tối nay:\n• ${ALAMEDA_ENTRY}: Gọi để hỏi giờ mở cửa · Qua điện thoại · Gọi 211 · Chưa xác minh: hãy gọi để hỏi lại, hoặc gọi 211`,
      'Lưu ý: Not verified by the Ellis team: call to confirm, or call 211.',
      'Nếu những nơi này đã hết chỗ, hãy gọi 211, ngày hay đêm.',
    ].join('\n\n');
    expect((await replyTo('Tôi cần một chỗ ngủ tối nay ở Oakland', 'en')).text).toBe(expected);
    expect((await replyTo('toi can cho ngu toi nay o Oakland', 'vi')).text).toBe(expected);
  });

  it('asks for the place in the page language when the message names none', async () => {
    const { text } = await replyTo('Necesito un lugar para dormir esta noche', 'es');
    expect(text).toBe(`${guideWording('es').directory.tonightAskFirst} ${guideWording('es').directory.placeQuestion}`);
  });
});

describe('the guide without a directory', () => {
  it.each([
    ['es', 'No sé qué hacer'],
    ['zh-Hant', '我不知道應該怎麼辦'],
    ['tl', 'Hindi ko na alam ang gagawin ko'],
    ['vi', 'Tôi không biết phải làm gì nữa'],
  ] as const)('%s: acknowledges and asks one question in that language', async (locale, message) => {
    const assistant = createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 0 });
    let text = '';
    for await (const event of assistant.reply({ history: [], userText: message, channel: 'chat', signal: new AbortController().signal })) {
      if (event.type === 'delta') text += event.text;
    }
    const words = guideWording(locale);
    expect(words.acknowledgements.some((acknowledgement) => text.startsWith(acknowledgement)), text).toBe(true);
    expect(text).not.toContain(words.notUnderstood);
    const last = text.split('\n\n').at(-1) ?? '';
    expect([...words.questions.none, ...words.feelingsQuestion.map((question) => ({ text: question }))].map((question) => question.text)).toContain(last);
  });
});

describe('a how-to guide in each language', () => {
  it.each([
    ['es', '¿Cómo solicito cupones de comida?', 'Fuente oficial: ', 'Revisado por última vez el 23 de noviembre de 2026.'],
    ['zh-Hant', '點樣申請食物券？', '官方資料來源：', '最後審閱日期：2026年11月23日。'],
    ['tl', 'Paano mag-apply para sa CalFresh?', 'Opisyal na pinagmulan: ', 'Huling sinuri noong Nobyembre 23, 2026.'],
    ['vi', 'Làm sao để xin phiếu thực phẩm?', 'Nguồn chính thức: ', 'Xem lại lần cuối ngày 23 tháng 11, 2026.'],
  ] as const)('%s: the translated steps, the same sources and review date', async (locale, question, sourceLabel, reviewed) => {
    const guide = localizedGuide(howToGuides.find((entry) => entry.id === 'calfresh')!, locale);
    const { text } = await replyTo(question, 'en');
    const paragraphs = text.split('\n\n');
    expect(paragraphs[0]).toBe(guide.intro);
    expect(paragraphs[1]).toBe(guide.steps.map((step, index) => `${index + 1}. ${step}`).join('\n'));
    expect(paragraphs.at(-1)).toContain(sourceLabel);
    expect(paragraphs.at(-1)).toContain('[BenefitsCal](https://benefitscal.com/)');
    expect(paragraphs.at(-1)?.endsWith(reviewed)).toBe(true);
  });
});

describe('a crisis message in each language', () => {
  it.each([
    ['es', 'es', 'Ya no puedo más, quiero matarme'],
    ['zh', 'zh-Hant', '我想自殺，我不想再活下去'],
    ['tl', 'tl', 'Gusto ko nang magpakamatay, ayoko nang mabuhay'],
    ['vi', 'vi', 'Tôi muốn tự tử, tôi không muốn sống nữa'],
  ] as const)('%s: the fixed reply of that language, with 988 first', async (language, _locale, message) => {
    const { text, events } = await replyTo(message, 'en');
    const crisis = events.find((event) => event.type === 'crisis');
    expect(crisis).toMatchObject({ type: 'crisis', level: 'crisis', language });
    if (crisis?.type !== 'crisis') throw new Error('no crisis event');
    expect(crisis.resources[0]).toMatchObject({ name: '988 Suicide & Crisis Lifeline', phone: '988' });
    const fixed = crisisReply({ level: 'crisis', kinds: crisis.kinds ?? [], language, traditional: language === 'zh' });
    expect(text.startsWith(fixed.text)).toBe(true);
  });

  it.each([
    ['es', 'Quiero morirme, ya no puedo más'],
    ['tl', 'Gusto ko nang mamatay, ayoko nang mabuhay'],
    ['vi', 'Tôi muốn chết, tôi không muốn sống nữa'],
  ] as const)('%s: a short opening wish to be dead gets the screening question in that language, no alarm yet (decision 101)', async (language, message) => {
    const { text, events } = await replyTo(message, 'en');
    expect(events.filter((event) => event.type === 'crisis')).toEqual([]);
    expect(text).toBe(replyWords(language).screening);
  });

  it('on a Spanish page, a message that does not show its language gets the Spanish crisis reply', async () => {
    const { events } = await replyTo('988', 'es');
    expect(events.filter((event) => event.type === 'crisis')).toEqual([]);
    // A bare "suicide" is asked about first (decision 100); with a means it is acted on at once.
    const { text, events: crisisEvents } = await replyTo('suicide... pills', 'es');
    const crisis = crisisEvents.find((event) => event.type === 'crisis');
    if (crisis?.type !== 'crisis') throw new Error('no crisis event');
    expect(crisis.language).toBe('es');
    expect(text.startsWith(crisisReply({ level: crisis.level, kinds: crisis.kinds ?? [], language: 'es' }).text)).toBe(true);
  });
});

describe('the welcome', () => {
  const assistant = createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 0 });

  it('is written in the page locale', () => {
    expect(assistant.welcome({ kind: 'public', locale: 'es' })).toBe(
      'Hola, soy Ellis, una ayuda con inteligencia artificial, no terapeuta con licencia ni trabajador social. Estoy aquí para escucharle y ayudarle a encontrar apoyo con vivienda, comida, salud, trabajo y más. Esta conversación es temporal: se borrará después de 24 horas. Si está en crisis, llame o envíe un texto al 988; en una emergencia, llame al 911. ¿Qué está pasando hoy?',
    );
    expect(assistant.welcome({ kind: 'private', username: 'maria_r', locale: 'zh-Hant' }).startsWith('maria_r，您好，我是 Ellis。我是一個人工智能（AI）幫手')).toBe(true);
    expect(assistant.welcome({ kind: 'public' })).toBe(assistant.welcome({ kind: 'public', locale: 'en' }));
  });

  it.each(SITE_LOCALES)('in %s says Ellis is an AI, that the chat is deleted after 24 hours, and names 988 and 911', (locale) => {
    const text = assistant.welcome({ kind: 'public', locale });
    expect(text).toContain('Ellis');
    expect(text).toContain(locale === 'es' ? 'inteligencia artificial' : 'AI');
    for (const number of ['24', '988', '911']) expect(text).toContain(number);
    if (locale !== 'en') expect(text).not.toBe(assistant.welcome({ kind: 'public', locale: 'en' }));
    const personal = assistant.welcome({ kind: 'private', username: 'sam', locale });
    expect(personal).toContain('sam');
    expect(personal).not.toContain('24');
  });
});

describe('the system prompt', () => {
  it("tells the model the person's language", () => {
    const prompt = buildSystemPrompt({ channel: 'chat', resources: [], phoneNumber: null, crisisReplyShown: false, locale: 'vi' });
    expect(prompt).toContain('- The person\'s language is Vietnamese (with full diacritics; address the person as "bạn"). Reply in that language');
    expect(buildSystemPrompt({ channel: 'chat', resources: [], phoneNumber: null, crisisReplyShown: false })).toContain("The person's language is English.");
  });
});

describe('the wording files', () => {
  it("label services with the web catalogs' words", () => {
    expect(guideWording('en').serviceLabels).toEqual(SERVICE_LABELS_EN);
    for (const locale of SITE_LOCALES.filter((candidate) => candidate !== 'en')) {
      const catalog = JSON.parse(readFileSync(new URL(`../../web/i18n/${locale}/resources.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
      for (const [key, text] of Object.entries(guideWording(locale).serviceLabels)) {
        const fromCatalog = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);
        expect(text, `${locale} ${key}`).toBe(fromCatalog);
      }
    }
  });

  it('keep every number and placeholder of the English wording', () => {
    const english = JSON.stringify(guideWording('en'));
    const tokens = (text: string) => [...new Set(text.match(/\{\w+\}|\b\d[\d ]*\d\b|\b\d\b/g) ?? [])].sort();
    for (const locale of SITE_LOCALES) {
      const translated = JSON.stringify(guideWording(locale));
      expect(tokens(translated), locale).toEqual(tokens(english));
    }
  });

  it('write day names and times in the reader\'s language', () => {
    const closed = { status: 'closed' as const, closes_at: null, opens_at: '2026-11-26T17:30:00.000Z' };
    const at = '2026-11-24T20:00:00-08:00';
    expect(renderServiceLabel(openLabel(closed, at))).toBe('Closed, opens Thu 9:30 AM');
    expect(renderServiceLabel(openLabel(closed, at, 'es'), guideWording('es').serviceLabels)).toBe('Cerrado, abre el jue a las 9:30 a.m.');
    expect(renderServiceLabel(openLabel(closed, at, 'zh-Hant'), guideWording('zh-Hant').serviceLabels)).toBe('已關門，週四 上午9:30 開門');
    expect(renderServiceLabel(openLabel(closed, at, 'vi'), guideWording('vi').serviceLabels)).toBe('Đang đóng cửa, mở lúc 9:30 Thứ 5');
  });
});
