/** The few TwiML documents the phone line answers with (https://www.twilio.com/docs/voice/twiml). */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Connects the call to the media-stream WebSocket; when the stream ends, Twilio asks `actionUrl` what next. */
export function connectStreamTwiml(options: { streamUrl: string; actionUrl: string; parameters: Record<string, string> }): string {
  const parameters = Object.entries(options.parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  return `${XML_DECLARATION}<Response><Connect action="${escapeXml(options.actionUrl)}" method="POST"><Stream url="${escapeXml(options.streamUrl)}">${parameters}</Stream></Connect></Response>`;
}

export function dialTwiml(number: string): string {
  return `${XML_DECLARATION}<Response><Dial>${escapeXml(number)}</Dial></Response>`;
}

export function sayAndHangUpTwiml(text: string): string {
  return `${XML_DECLARATION}<Response><Say>${escapeXml(text)}</Say><Hangup/></Response>`;
}

export function hangUpTwiml(): string {
  return `${XML_DECLARATION}<Response><Hangup/></Response>`;
}
