/**
 * Spanish wording of the fixed safety replies. Mentions only options the services themselves
 * publish in Spanish: 988 press 2; the DV, trafficking and RAINN lines and Childhelp answer in
 * Spanish; 911 has interpreters.
 */
import type { ReplyWords } from './reply-words.ts';

export const spanishReplies: ReplyWords = {
  lead: {
    suicide:
      'Me alegra mucho que me lo hayas dicho. Lo que sientes importa y no tienes que pasar por esto a solas. Por favor, busca apoyo ahora: llama al 988 y marca 2 para hablar en español con una persona capacitada, a cualquier hora del día o de la noche.',
    'self-harm':
      'Gracias por contármelo. Mereces cuidado, no más dolor. Si te lastimaste mucho o la sangre no para, llama al 911. Para hablar con alguien ahora, llama al 988 y marca 2 para español, a cualquier hora.',
    'others-self-harm':
      'Qué bueno que estás pendiente de esa persona. Si está en peligro ahora mismo, llama al 911. También puedes llamar al 988 (marca 2 para español) por otra persona: te ayudan a saber qué decir y qué hacer. Si puedes, quédate con ella y pregúntale directamente si está pensando en el suicidio.',
    'harm-to-others':
      'Parece que estás cargando mucho dolor y enojo ahora mismo. Si alguien está en peligro, llama al 911. También puedes llamar al 988 y marcar 2 para hablar en español, a cualquier hora.',
    threat: 'Tu seguridad es lo primero. Si estás en peligro ahora mismo, llama al 911. Si puedes, ve a un lugar donde haya otras personas.',
    'domestic-violence':
      'Gracias por contármelo. Lo que te está pasando no es tu culpa y mereces estar a salvo. La Línea Nacional sobre la Violencia Doméstica es gratuita, confidencial, atiende en español y está abierta las 24 horas: llama al 1-800-799-7233.',
    'sexual-assault':
      'Siento mucho que te haya pasado esto. No es tu culpa. La Línea Nacional de Agresión Sexual (RAINN) es gratuita, confidencial y está abierta las 24 horas: llama al 1-800-656-4673. Si estás herida o herido, o en peligro, llama al 911. En un hospital pueden atenderte y, si quieres, guardar pruebas aunque todavía no decidas denunciar.',
    trafficking:
      'Lo que describes no está bien y no es tu culpa. La Línea Nacional contra la Trata de Personas es gratuita, confidencial, atiende en español y está abierta las 24 horas: llama al 1-888-373-7888. Si estás en peligro ahora mismo, llama al 911.',
    'child-abuse':
      'Gracias por contármelo. Ningún niño merece que lo lastimen. La línea nacional Childhelp atiende las 24 horas, también en español: llama al 1-800-422-4453. Si un niño está en peligro ahora mismo, llama al 911.',
    overdose:
      'Por favor, llama al 911 ahora mismo: puede ser una sobredosis. Mientras llega la ayuda: si tienes naloxona (Narcan), úsala; quédate con la persona; si respira, acuéstala de lado; haz lo que te diga la operadora. Control de Envenenamientos también ayuda, en español: 1-800-222-1222.',
    medical:
      'Por favor, llama al 911 ahora mismo. Parece una emergencia médica y pueden mandar ayuda rápido. Mientras llega la ayuda, quédate con la persona, no le des nada de comer ni de beber y haz lo que te diga la operadora. Si hay alguien cerca, pídele que se quede contigo.',
    disaster:
      'Por favor, sal ahora y llama al 911 desde un lugar seguro. No vuelvas a entrar por nada. Si huele a gas, no prendas ni apagues luces. Si sube el agua, busca un lugar alto.',
  },
  leadNow: {
    'domestic-violence':
      'Tu seguridad es lo primero: si la persona que te lastima está ahí ahora o estás en peligro, llama al 911. No es tu culpa. Cuando puedas, la Línea Nacional sobre la Violencia Doméstica atiende en español las 24 horas: 1-800-799-7233.',
  },
  alsoSuicide: 'También puedes llamar al 988 y marcar 2 para hablar en español, a cualquier hora.',
  urgentSelf: 'Si ya te hiciste daño o tomaste algo, llama al 911 ahora.',
  closing: 'Soy una inteligencia artificial, no una consejera, pero estoy aquí contigo y podemos seguir hablando.',
  askSafe: '¿Estás a salvo ahora mismo?',
  askCall: '¿Puedes llamar al 911 ahora?',
  screening:
    'Gracias por contarme lo pesado que está todo. Esto se lo pregunto a todas las personas, directamente, porque importa: ¿estás pensando en quitarte la vida o en no querer seguir viviendo?',
  safetyCheck: 'Gracias por contármelo. Quiero preguntarte, porque importa: ¿estás a salvo ahora mismo?',
  othersCheck: 'Gracias por contármelo. Quiero preguntarte, porque importa: ¿la persona que te preocupa está a salvo ahora mismo?',
  screenedNo:
    'Gracias por responderme con sinceridad. Me alegra que no tengas esos pensamientos. Sigo aquí, y si eso cambia, puedes llamar al 988 y marcar 2 a cualquier hora.',
  aboutDanger:
    'Por si sirve: al 988 se puede llamar gratis las 24 horas (marca 2 para español), también por otra persona, para saber qué decir o qué hacer.',
};
