/**
 * The fixed crisis reply (DESIGN §7.1): reviewed wording, no model involved, so it is the same
 * whether a provider is up, down or misbehaving. Short on purpose: someone in crisis reads the
 * first two lines. Numbers come only from src/shared/crisis-lines.ts.
 *
 * Wording rules: say what to do first, in plain words; no judgement; say Ellis is an AI; end with
 * one question. Spanish mentions only options the services themselves publish in Spanish.
 */
import { findCrisisLine, type CrisisLine, type CrisisLineId } from '../../shared/crisis-lines.ts';
import type { CrisisLevel, CrisisResource } from './assistant.ts';
import type { CrisisDetection, CrisisKind } from './crisis-detection.ts';

export interface CrisisReply {
  level: CrisisLevel;
  text: string;
  resources: CrisisResource[];
}

type Sentences = Record<
  'medical' | 'danger' | 'harmToOthers' | 'abuse' | 'suicide' | 'suicideAlso' | 'urgentSelf' | 'urgentOther' | 'closing' | 'askSafe' | 'askCall',
  string
>;

const ENGLISH: Sentences = {
  medical:
    'Please call 911 right now. This sounds like a medical emergency, and they can send help fast. If someone is near you, ask them to stay with you.',
  danger: "Your safety comes first. If you're in danger right now, please call 911. If you can, go where other people are around.",
  harmToOthers:
    "It sounds like you're carrying a lot of pain and anger right now. If anyone is in danger, please call 911. You can also call or text 988, any time, day or night: they help with any kind of crisis, including thoughts of hurting someone.",
  abuse:
    "Thank you for telling me. What's happening is not your fault, and you deserve to be safe. The National Domestic Violence Hotline is free, confidential and open 24/7: call 1-800-799-7233 or text START to 88788.",
  suicide:
    "I'm really glad you told me. What you're feeling matters, and you don't have to face it alone. Please reach out now: call or text 988 to talk with a trained counselor, any time, day or night, or text HOME to 741741.",
  suicideAlso: 'You can also call or text 988, any time, day or night, or text HOME to 741741.',
  urgentSelf: "If you've already hurt yourself or taken something, please call 911 now.",
  urgentOther: "If you're in danger right now, please call 911.",
  closing: "I'm an AI, not a counselor, but I'm here with you and we can keep talking.",
  askSafe: 'Are you safe right now?',
  askCall: 'Can you call 911 now?',
};

const SPANISH: Sentences = {
  medical:
    'Por favor, llama al 911 ahora mismo. Parece una emergencia médica y pueden mandar ayuda rápido. Si hay alguien cerca, pídele que se quede contigo.',
  danger: 'Tu seguridad es lo primero. Si estás en peligro ahora mismo, llama al 911. Si puedes, ve a un lugar donde haya otras personas.',
  harmToOthers:
    'Parece que estás cargando mucho dolor y enojo ahora mismo. Si alguien está en peligro, llama al 911. También puedes llamar al 988 y marcar 2 para hablar en español, a cualquier hora.',
  abuse:
    'Gracias por contármelo. Lo que te está pasando no es tu culpa y mereces estar a salvo. La Línea Nacional sobre la Violencia Doméstica es gratuita, confidencial, atiende en español y está abierta las 24 horas: llama al 1-800-799-7233.',
  suicide:
    'Me alegra mucho que me lo hayas dicho. Lo que sientes importa y no tienes que pasar por esto a solas. Por favor, busca apoyo ahora: llama al 988 y marca 2 para hablar en español con una persona capacitada, a cualquier hora del día o de la noche.',
  suicideAlso: 'También puedes llamar al 988 y marcar 2 para hablar en español, a cualquier hora.',
  urgentSelf: 'Si ya te hiciste daño o tomaste algo, llama al 911 ahora.',
  urgentOther: 'Si estás en peligro ahora mismo, llama al 911.',
  closing: 'Soy una inteligencia artificial, no una consejera, pero estoy aquí contigo y podemos seguir hablando.',
  askSafe: '¿Estás a salvo ahora mismo?',
  askCall: '¿Puedes llamar al 911 ahora?',
};

function toResource(line: CrisisLine): CrisisResource {
  const resource: CrisisResource = { name: line.name };
  if (line.phone) resource.phone = line.phone;
  if (line.sms) resource.sms = line.sms;
  if (line.smsBody) resource.smsBody = line.smsBody;
  if (line.url) resource.url = line.url;
  return resource;
}

export function crisisReply(detection: CrisisDetection): CrisisReply {
  const words = detection.language === 'es' ? SPANISH : ENGLISH;
  const has = (kind: CrisisKind) => detection.kinds.includes(kind);
  const urgent = detection.level === 'immediate-danger';
  const selfDirected = has('suicide') || has('self-harm');
  const sentences: string[] = [];

  if (has('medical-emergency')) sentences.push(words.medical);
  else if (has('immediate-danger')) sentences.push(words.danger);
  else if (has('harm-to-others')) sentences.push(words.harmToOthers);

  if (has('abuse')) {
    if (urgent && sentences.length === 0) sentences.push(words.urgentOther);
    sentences.push(words.abuse);
  }
  if (selfDirected) {
    sentences.push(sentences.length === 0 ? words.suicide : words.suicideAlso);
    if (urgent && !has('medical-emergency')) sentences.push(words.urgentSelf);
  }
  sentences.push(words.closing, has('medical-emergency') ? words.askCall : words.askSafe);

  const order: CrisisLineId[] = urgent ? ['911'] : [];
  if (has('abuse')) order.push('domestic-violence');
  order.push('988', 'crisis-text-line');
  if (!has('abuse')) order.push('domestic-violence');
  return { level: detection.level, text: sentences.join(' '), resources: order.map((id) => toResource(findCrisisLine(id))) };
}
