/**
 * English wording of the fixed safety replies (DESIGN §7.1): reviewed text, no model involved.
 * Rules: what to do first in plain words; no judgement; Ellis says it is an AI; one question.
 * Numbers only as published in src/shared/crisis-lines.ts.
 */
import type { ReplyWords } from './reply-words.ts';

export const englishReplies: ReplyWords = {
  lead: {
    suicide:
      "I'm really glad you told me. What you're feeling matters, and you don't have to face it alone. Please reach out now: call or text 988 to talk with a trained counselor, any time, day or night, or text HOME to 741741.",
    'self-harm':
      "Thank you for telling me. You deserve care, not more pain. If you've hurt yourself badly or the bleeding won't stop, please call 911. To talk with someone now, call or text 988, any time, day or night, or text HOME to 741741.",
    'others-self-harm':
      "It's good that you're looking out for them. If they're in danger right now, call 911. You can also call or text 988 for someone else: a counselor will help you know what to say and do. If you can, stay with them and ask them directly whether they're thinking about suicide.",
    'harm-to-others':
      "It sounds like you're carrying a lot of pain and anger right now. If anyone is in danger, please call 911. You can also call or text 988, any time, day or night: they help with any kind of crisis, including thoughts of hurting someone.",
    threat: "Your safety comes first. If you're in danger right now, please call 911. If you can, go where other people are around.",
    'domestic-violence':
      "Thank you for telling me. What's happening is not your fault, and you deserve to be safe. The National Domestic Violence Hotline is free, confidential and open 24/7: call 1-800-799-7233 or text START to 88788.",
    'sexual-assault':
      "I'm so sorry this happened. It is not your fault. The National Sexual Assault Hotline (RAINN) is free, confidential and open 24/7: call 1-800-656-4673. If you're hurt or in danger, call 911. A hospital can give you medical care, and can collect evidence if you want that, even if you haven't decided whether to report.",
    trafficking:
      "What you're describing is not okay, and it's not your fault. The National Human Trafficking Hotline is free, confidential and open 24/7, in many languages: call 1-888-373-7888 or text 233733. If you're in danger right now, call 911.",
    'child-abuse':
      'Thank you for telling me. No child deserves to be hurt. The Childhelp National Child Abuse Hotline is open 24/7: call or text 1-800-422-4453. If a child is in danger right now, call 911.',
    overdose:
      "Please call 911 right now: this may be an overdose. Until help comes: if you have naloxone (Narcan), use it; stay with them; if they're breathing, lay them on their side; do what the dispatcher tells you. Poison Control can help too: 1-800-222-1222.",
    medical:
      "Please call 911 right now. This sounds like a medical emergency, and they can send help fast. Until help comes, stay with the person, don't give them anything to eat or drink, and do what the dispatcher tells you. If someone is near you, ask them to stay with you.",
    disaster:
      "Please get out now and call 911 from a safe place. Don't go back in for anything. If you smell gas, don't switch lights on or off. If water is rising, go to higher ground.",
  },
  leadNow: {
    'domestic-violence':
      "Your safety comes first: if the person hurting you is there now or you're in danger, call 911. What's happening is not your fault. When you can, the National Domestic Violence Hotline is free, confidential and open 24/7: call 1-800-799-7233 or text START to 88788.",
    'harm-to-others':
      "If anyone is in danger right now, please call 911. Put distance between you and any weapon if you can. You can also call or text 988, any time: they help with thoughts of hurting someone.",
  },
  alsoSuicide: 'You can also call or text 988, any time, day or night, or text HOME to 741741.',
  urgentSelf: "If you've already hurt yourself or taken something, please call 911 now.",
  closing: "I'm an AI, not a counselor, but I'm here with you and we can keep talking.",
  askSafe: 'Are you safe right now?',
  askCall: 'Can you call 911 now?',
  screening:
    "Thank you for telling me how heavy this is. I ask everyone this directly, because it matters: are you having thoughts of killing yourself, or of not wanting to be alive?",
  safetyCheck: "Thank you for telling me. I want to check, because it matters: are you safe right now?",
  othersCheck: "Thank you for telling me. I want to check, because it matters: is the person you're worried about safe right now?",
  screenedNo:
    "Thank you for answering me honestly. I'm glad you're not having those thoughts. I'm still here, and if that changes, you can call or text 988 any time.",
  aboutDanger:
    "If it ever helps: 988 (call or text) is free and open 24/7, and you can call it for someone else too, to ask what to say or do.",
};
