// Issue 15 point 7 through the real server and the built-in guide: in each language, a chat turn is
// answered in that language (the Oakland shelter answer, Alameda County first), and a crisis message
// in that language gets that language's fixed reply with the crisis lines. The welcome follows the
// page's locale sent with the session request (decision 069).
import { chatLog, openChat, sendAndWait } from './chat-support.ts';
import { expect, expectNoPageErrors, test } from './support.ts';

const ALAMEDA_ENTRY = 'Shelter and Coordinated Entry in Alameda County';

const LANGUAGES = [
  {
    language: 'Spanish',
    sleep: 'Necesito un lugar para dormir esta noche en Oakland',
    answer: ['Aquí puede buscar una cama.', 'En el condado de Alameda, cerca de Oakland, para esta noche', 'Si están llenos, marque 211, de día o de noche.'],
    crisis: 'Ya no puedo más, quiero matarme',
    crisisLines: ['llama al 988 y marca 2 para hablar en español', 'Soy una inteligencia artificial'],
    welcome: { locale: 'es', text: 'Hola, soy Ellis, una ayuda con inteligencia artificial' },
  },
  {
    language: 'Chinese',
    sleep: '我今晚需要一個地方睡覺，我在奧克蘭',
    answer: ['以下是可以找床位的地方。', '在 Alameda 縣、Oakland 附近今晚可以去的地方', '如果這些地方已滿，請撥 211，日夜都可以。'],
    crisis: '我想自殺，我不想再活下去',
    crisisLines: ['撥打或傳短訊到 988', '988 和 911 都有免費翻譯'],
    welcome: { locale: 'zh-Hant', text: '您好，我是 Ellis，一個人工智能（AI）幫手' },
  },
  {
    language: 'Tagalog',
    sleep: 'Kailangan ko ng matutulugan ngayong gabi sa Oakland',
    answer: ['Dito kayo puwedeng maghanap ng higaan.', 'Sa Alameda County, malapit sa Oakland, para ngayong gabi', 'Kung puno na ang mga ito, tumawag sa 211, araw man o gabi.'],
    crisis: 'Gusto ko nang magpakamatay, ayoko nang mabuhay',
    crisisLines: ['tumawag o mag-text sa 988', 'May libreng interpreter ang 988 at 911'],
    welcome: { locale: 'tl', text: 'Kumusta, ako si Ellis, isang AI na katulong' },
  },
  {
    language: 'Vietnamese',
    sleep: 'Tôi cần một chỗ ngủ tối nay ở Oakland',
    answer: ['Đây là những nơi bạn có thể thử tìm chỗ ngủ.', 'Ở Quận Alameda, gần Oakland, chỗ ngủ tối nay', 'Nếu những nơi này đã hết chỗ, hãy gọi 211, ngày hay đêm.'],
    crisis: 'Tôi muốn tự tử, tôi không muốn sống nữa',
    crisisLines: ['gọi hoặc nhắn tin đến 988', '988 và 911 có thông dịch viên miễn phí'],
    welcome: { locale: 'vi', text: 'Chào bạn, tôi là Ellis, một người trợ giúp AI' },
  },
] as const;

// What language a reply is in does not depend on the screen, and every chat opened spends one of
// the run's conversations (60 per address per 10 minutes, shared by the whole run): these run in the
// desktop project only, leaving the phone layout suites their share.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'replies in each language are checked once, in the desktop project');
});

for (const visitor of LANGUAGES) {
  test(`${visitor.language}: a place to sleep tonight in Oakland is answered in ${visitor.language}, Alameda County first`, async ({ page, pageErrors }) => {
    await openChat(page);
    const text = (await sendAndWait(page, visitor.sleep)).locator('.chat-bubble-text');
    for (const line of visitor.answer) await expect(text).toContainText(line);
    await expect(text).toContainText(ALAMEDA_ENTRY);
    await expect(text).not.toContainText('Here is where to try for a bed');
    expectNoPageErrors(pageErrors);
  });

  test(`${visitor.language}: a crisis message gets the ${visitor.language} crisis reply and the crisis lines`, async ({ page, pageErrors }) => {
    await openChat(page);
    const reply = await sendAndWait(page, visitor.crisis);
    const crisis = chatLog(page).locator('.chat-crisis');
    await expect(crisis).toBeVisible();
    await expect(crisis.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
    await expect(crisis.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
    for (const line of visitor.crisisLines) await expect(reply.locator('.chat-bubble-text')).toContainText(line);
    expectNoPageErrors(pageErrors);
  });

  test(`${visitor.language}: a session started from a ${visitor.welcome.locale} page opens with the welcome in ${visitor.language}`, async ({ request }) => {
    const response = await request.post('/api/chat/session', { data: { locale: visitor.welcome.locale } });
    expect(response.status()).toBe(200);
    const session = (await response.json()) as { messages: Array<{ sender: string; content: string }> };
    expect(session.messages).toHaveLength(1);
    expect(session.messages[0]?.sender).toBe('ai');
    expect(session.messages[0]?.content.startsWith(visitor.welcome.text)).toBe(true);
    for (const number of ['24', '988', '911']) expect(session.messages[0]?.content).toContain(number);
  });
}
