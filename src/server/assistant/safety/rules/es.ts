/**
 * Spanish patterns of the safety rules: data only; the engine (../rules-engine.ts) reads them.
 * A pattern fires at 'crisis' unless it names another level; 'immediate-danger' means 911 first.
 * Written over normalised, respelled clauses (lower case, no accents, text-speak expanded).
 */
import type { LanguageRules } from '../rule-types.ts';

export const spanishRules: LanguageRules = {
  language: 'es',
  patterns: [
  { kind: 'suicide', pattern: /\b(?:matarme|me (?:quiero|voy a|voy) matar|quitarme la vida|acabar con mi vida|terminar con mi vida|me quite la vida)\b/ },
  { kind: 'suicide', pattern: /\b(?:ojala|quisiera) (?:estar|estuviera) muert[oa]\b|\bmejor (?:estaria|estar) muert[oa]\b/ },
  { kind: 'suicide', pattern: /\bno quiero (?:vivir(?! (?:en|con|cerca|lejos|aqui|ahi|alli|alla)\b)|seguir viviendo|despertar|estar aqui|existir)\b/ },
  { kind: 'suicide', pattern: /\bno se si quiero (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\bdejar de (?:existir|vivir)\b|\bganas de (?:morir(?:me)?|matarme)\b|\b(?:pienso|pensando|pensar) (?:mucho )?en (?:la muerte|morir(?:me)?)\b/ },
  { kind: 'suicide', pattern: /\b(?:quiero|quisiera) desaparecer\b|\bdesaparecer para siempre\b|\bno vale la pena (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\bno (?:tengo|hay) (?:razon|razones|motivo|motivos|sentido|ganas) (?:para|de) (?:vivir|seguir)\b/ },
  { kind: 'suicide', pattern: /\b(?:ya no puedo mas|ya no puedo seguir|no aguanto mas|ya no quiero seguir)\b/ },
  { kind: 'suicide', pattern: /^no (?:despertar|volver a despertar)\b|\b(?:dormir|dormirme) (?:y|para) (?:no|nunca) despertar\b|\b(?:parad[oa]|estoy|sentad[oa]|arriba) (?:en|sobre) (?:el|la|un|una) (?:puente|azotea|techo|cornisa|orilla|vias)\b|\b(?:acabar|terminar) con (?:mi sufrimiento|mi dolor|esto de una vez)\b|\bsoy (?:una|un) (?:carga|estorbo)\b|\bno (?:veo|hay|tengo|encuentro) (?:ninguna )?salida\b/ },
  // Spanish, generalized: reflexive ways of dying, "better without me", "no meaning", "tired of living".
  { kind: 'suicide', pattern: /\b(?:matarme|suicidarme|colgarme|ahorcarme|envenenarme|dispararme|morirme|quitarme la vida)\b|\bpegarme un tiro\b|\bcortarme las venas\b|\b(?:tirarme|aventarme|lanzarme|arrojarme) (?:del|de un|de una|de la|al|a las vias|por la|frente)\b|\bme (?:quiero|voy a|voy|pienso|quisiera) (?:aventar|tirar|lanzar|arrojar|colgar|ahorcar|matar|suicidar|morir)\b/ },
  { kind: 'suicide', pattern: /\b(?:estarian|estaria|estarias|estan|vivirian|seria) mejor sin mi\b|\b(?:veo|encuentro|tiene|hay) (?:ningun |algun )?sentido (?:a |en )?(?:la vida|vivir|nada|seguir|mi vida)\b|\bla vida no tiene sentido\b|\b(?:cansad[oa]|hart[oa]) de (?:vivir|la vida|estar viv[oa]|existir)\b|\b(?:acabar|terminar) con (?:todo|mi vida)\b|\bno quiero (?:vivir(?! (?:en|con|cerca|lejos|aqui|ahi|alli|alla)\b)|seguir|despertar|existir)\b|\bsuicid\w*/ },
  { kind: 'self-harm', pattern: /\bme (?:corte|corto|cortaba|estoy cortando|queme|quemo|lastime|lastimo|hice dano) (?:otra vez |de nuevo )?(?:los|las|el|la|mis|mi) (?:brazos?|piernas?|munecas?|venas|piel)\b|\bcortandome\b/ },
  { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\b(?:ganas de|quiero|voy a|pienso) (?:matar|lastimar|apunalar|golpear|disparar)(?:le|les)? a (?:mi|mis|ese|esa|ese tipo|alguien|\w+)\b|\b(?:matarlo|matarla|matarlos|apunalarlo|dispararle)\b/ },
  { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\b(?:voy a|quiero|lo voy a|la voy a|los voy a|tengo ganas de) (?:matarlo|matarla|matarlos|matar a|lastimarlo|lastimarla|hacerle dano)\b|\b(?:lo|la|los) voy a matar\b/ },
  { kind: 'domestic-violence', pattern: /\bme (?:pega\w*|pego|golpe\w*|maltrat\w*|encerr\w*|encierra\w*|ahorc\w*|estrangul\w*|empuj\w*|pate\w*|amenaz\w*|viol\w*|manose\w*|cachete\w*|quema|quemo|quito (?:el|mi) (?:telefono|celular))\b|\babus\w* (?:sexualmente )?de (?:mi|mis|nosotr\w*|ella|el)\b/ },
  { kind: 'domestic-violence', pattern: /\bme (?:jal\w*|avent\w*|arrastr\w*|mordi\w*|muerde|escupi\w*|tiro) (?:del|de la|de los|al|a la|contra|por)\b/ },
  { kind: 'domestic-violence', pattern: /\bno me (?:deja|dejan|dejo) (?:salir|ir|irme|comer|dormir|hablar|ver|llamar|trabajar)\b|\bme (?:quito|quita|esconde|escondio|rompio) (?:mis|mi|el|la|los) (?:papeles|documentos|identificacion|telefono|celular|pasaporte|dinero)\b/ },
  { kind: 'medical', level: 'immediate-danger', pattern: /\b(?:sobredosis|no puedo respirar|no puede respirar|no respira|dolor (?:en el|de|del) pecho|ataque al corazon|convulsion\w*|inconsciente|no despierta|sangrando mucho|me tome (?:todas las|muchas) pastillas|tome (?:todas las|muchas) pastillas)\b/ },
  { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:estoy en peligro|alguien (?:esta entrando|quiere entrar|me esta siguiendo|me sigue|me persigue)|(?:tiene|trae) (?:un arma|una pistola|un cuchillo))\b/ },
  { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:con|tiene|trae|saco) (?:un|una) (?:arma|pistola|cuchillo|navaja|machete)\b|\bme (?:esta|estan) (?:siguiendo|persiguiendo)\b|\bme (?:siguen|persiguen|sigue|persigue)\b/ },
    { kind: 'sexual-assault', pattern: /\b(?:me (?:violo|violaron|violo|abuso|abusaron|drogaron|manoseo|toco sin)|abuso sexual|agresion sexual|violacion|me forzo a tener)\b/ },
    { kind: 'trafficking', pattern: /\b(?:me (?:quitaron|quito|tienen|tiene|guardan|guarda) (?:el |mi |mis )?(?:pasaporte|papeles|documentos|identificacion))\b|\bme obligan a (?:trabajar|prostituirme|vender)\b|\b(?:debo|les debo|le debo) (?:dinero|mucho)\b.{0,40}\bno me dejan (?:ir|salir|irme)\b|\btrata de personas\b/ },
    { kind: 'child-abuse', pattern: /\b(?:le pega|les pega|golpea|maltrata|abusa de|toca a|quema a) (?:a )?(?:mi|mis|el|la|los) (?:hij[oa]s?|nin[oa]s?|bebe|nieto|nieta)\b/ },
    // Learned from blind round 28 after its score was committed: the child named after the act ("le quema las manos al niño con la estufa").
    { kind: 'child-abuse', pattern: /\b(?:le|les) (?:quema\w*|pega\w*|golpea\w*|pellizca\w*|amarra\w*) (?:(?:las|los|la|el|sus) \w+ )?(?:con (?:la|el|un|una) \w+ )?(?:al|a la|a los|a las|a mi|a mis|a su|a sus) (?:nin[oa]s?|nene|nena|bebe|hij[oa]s?|chamac[oa]s?|chiquit[oa]s?|ninit[oa]s?|sobrin[oa]s?)\b/ },
    // Learned from blind round 28 after its score was committed: someone sound asleep right after using, the person unsure
    // whether to give naloxone ("mi primo esta bien dormido despues de fumar, no se si darle").
    // Learned from blind rounds 29 and 30 after their scores were committed: someone who took something and snores oddly,
    // or lies on the floor not answering.
    { acrossClauses: true, kind: 'overdose', level: 'immediate-danger', pattern: /\bse (?:metio|tomo|fumo|inyecto|pico) (?:algo|eso|una|un|de eso)\b[^\n]{0,50}\b(?:dormid[oa]|ronc\w*|no despierta|no responde|morad[oa]s?|gris)\b|\b(?:esta|se quedo|quedo) tirad[oa] en el (?:piso|suelo)\b[^\n]{0,50}\b(?:ronc\w*|ronquido|no (?:me )?(?:contesta|responde|despierta)|morad[oa]s?|gris)\b|\bno (?:me )?(?:contesta|responde)\b[^\n]{0,30}\btirad[oa] en el (?:piso|suelo)\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\b(?:esta|se quedo|quedo|anda) (?:bien |muy |todo )?(?:dormid[oa]|noquead[oa]|privad[oa]|cabeceando|tirad[oa])\b[^.?!\n]{0,30}\bdespues de (?:fumar|usar|inyectarse|meterse|picarse)\b|\bno se si (?:darle|ponerle|echarle|usarle) (?:el |la )?(?:narcan|naloxona)\b/ },
    { kind: 'overdose', level: 'immediate-danger', pattern: /\b(?:se tomo|me tome|tomo|se trago) (?:un frasco|todas|muchas|demasiadas) (?:de )?(?:pastillas|pildoras|medicinas)\b|\b(?:se tomo|me tome|me trague|se trago) (?:todo el (?:frasco|bote|blister)|el frasco entero|toda la caja)\b|\bfentanilo\b.{0,30}\b(?:no respira|no despierta|azul|morado)\b|\bsobredosis\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\b(?:mi )?(?:bebe|nin[oa]|abuel[oa]|mama|papa)\b(?: \w+){0,3} (?:no respira|no despierta|no reacciona|esta morad[oa]|esta azul|esta muy cald[oa]|no se mueve)\b|\bhipotermia\b|\bherida\b.{0,40}\b(?:pus|negra|roja|hinchada|huele)\b|\bazucar (?:muy )?(?:alta|baja)\b|\bsin insulina\b/ },
    { kind: 'disaster', level: 'immediate-danger', pattern: /\b(?:hay un incendio|se esta quemando|fuego en (?:mi|la|el)|incendio en|inundacion|se esta inundando|huele a gas|fuga de gas)\b/ },
    { kind: 'suicide', level: 'concern', pattern: /\b(?:me siento|estoy) (?:muy |tan )?(?:sin esperanza|desesperad[oa]|vaci[oa]|atrapad[oa]|inutil)\b|\bno tengo esperanza\b|\bnadie me quiere\b|\bme rindo\b|\bnada va a mejorar\b|\bsoy un fracaso\b/ },
    // Learned from blind round 1.
    { acrossClauses: true, kind: 'others-self-harm', pattern: /\bse (?:va a|quiere|piensa) (?:colgar|ahorcar|matar|suicidar|tirar|quitar la vida)\b|\b(?:dice|dijo) que se (?:va a|quiere) (?:matar|morir|colgar|suicidar)\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\ble voy a (?:romper|partir|quebrar) (?:la cara|la madre|el hocico)\b|\b(?:ya )?(?:traigo|tengo|llevo) (?:el|un|mi) (?:cuchillo|navaja|arma|pistola|bate|machete)\b.{0,40}\b(?:para|le voy|lo voy|la voy)\b/ },
    { kind: 'trafficking', pattern: /\b(?:tiene|guarda|se quedo con|agarro|me quito) (?:mi|mis|nuestro|nuestros) (?:pasaporte|papeles|documentos)\b|\bno nos deja(?:n)? (?:salir|irnos|ir)\b|\bme obliga(?:n)? a (?:estar|acostarme|dormir) con (?:hombres|clientes|sus amigos)\b|\ble debo\b.{0,20}\bpor el viaje\b/ },
    { kind: 'medical', level: 'immediate-danger', pattern: /\bse me acabo la insulina\b|\bno tengo insulina\b/ },
    { kind: 'domestic-violence', pattern: /\bme (?:apreto|apretaba|agarro|ahorco) (?:el cuello|del cuello|la garganta)\b|\bcasi me desmayo\b/ },
    { acrossClauses: true, kind: 'medical', level: 'immediate-danger', pattern: /\b(?:bebe|nin[oa]|hij[oa]|abuel[oa])\b.{0,60}\b(?:no (?:quiere|puede) despertar|aguadit[oa]|no reacciona|no llora ni nada)\b|\b(?:esta|se ve|se puso) (?:bien |muy )?aguadit[oa]\b/ },
    // Learned from blind round 2.
    { kind: 'suicide', pattern: /\b(?:manana|pronto|despues) ya no voy a estar\b|\bya no voy a estar (?:aqui|aca|para)\b|\b(?:cuide|cuidar|cuidas|cuides) a mi (?:perro|gato|perrito|gatito)\b.{0,40}\b(?:ya no|cuando me vaya|no voy a estar)\b/ },
    { acrossClauses: true, kind: 'others-self-harm', level: 'immediate-danger', pattern: /\b(?:mi|mis) (?:hij[oa]|herman[oa]|amig[oa]|novi[oa]|espos[oa])\b.{0,60}\bya no quiere vivir\b|\bque ya no quiere vivir\b/ },
    { kind: 'harm-to-others', level: 'immediate-danger', pattern: /\bya tengo (?:la|el) (?:fusca|cuete|pistola|arma|fierro|cuchillo)\b|\bse donde duerme\b/ },
    { kind: 'threat', level: 'immediate-danger', pattern: /\b(?:matan|van a matar|mataran) a mi familia\b|\bsi no (?:vendo|pago|trabajo) (?:para ellos )?(?:me )?(?:matan|van a matar)\b/ },
    { acrossClauses: true, kind: 'trafficking', pattern: /\bnos quitaron (?:los|nuestros) (?:papeles|documentos|pasaportes)\b|\bno nos pagan\b.{0,60}\bdebemos\b|\bdebemos el coyote\b/ },
    { kind: 'child-abuse', pattern: /\b(?:nin[oa]|hij[oa]|bebe)\b.{0,20}\bamarrad[oa]\b|\bamarrad[oa] afuera\b/ },
    // Learned from blind round 22 after its score was committed: pills carried with them after despair.
    { acrossClauses: true, kind: 'suicide', pattern: /\btengo (?:las|unas|muchas|todas las) pastillas\b[^\n]{0,60}\b(?:las traigo|las tengo conmigo|en la guantera|en la mochila|guardadas)\b/ },
    // Learned from blind round 21 after its score was committed: children left alone for whole days.
    { kind: 'child-abuse', pattern: /\bdeja(?:n)? (?:a )?(?:sus|los|mis|esos|unos) (?:ninos|ninas|hijos|hijas|bebes|chamacos|chiquitos) sol[oa]s\b/ },
    // Learned from blind round 18 after its score was committed: already up on an overpass or a bridge, saying goodbye.
    { acrossClauses: true, kind: 'suicide', level: 'immediate-danger', pattern: /\b(?:estoy|ya estoy|aqui estoy) (?:arriba|encima|parad[oa]|sentad[oa]) (?:del?|en el|en la) (?:puente|paso a desnivel|paso elevado|techo|azotea|edificio|barandal)\b/ },
    // Learned from blind rounds 69–74 after their scores were committed: heat stroke (no longer sweating, not answering), a man down in the heat.
    { kind: 'medical', level: 'immediate-danger', pattern: /\bya no (?:esta )?sud(?:a|ando)\b(?! tanto| mucho| como antes)|\btirado en (?:la banqueta|el suelo|la calle|el piso) sin moverse\b/ },
    { acrossClauses: true, kind: 'threat', pattern: /\b(?:publicar|subir|mandar|enviar|compartir|pasar) (?:mis|sus|tus) (?:fotos|videos|fotos intimas|nudes)\b.{0,50}\b(?:si no|pague|pagar|dinero)\b/ },
  ],
  idioms: [
    // A thing that "is going to kill me" (the shelter's noise, the heat, the job), said laughing or not (learned from blind
    // round 26 after its score was committed).
    /\b(?:este|esta|ese|esa|el|la|mi) (?:albergue|refugio|trabajo|chamba|calor|frio|ruido|renta|clase|escuela|tarea|examen|trafico|camion|bus|fila|espera|dolor de (?:cabeza|muela|espalda)|hambre|sueno) (?:me|nos) (?:va|van) a matar\b|\b(?:este|esta|el|la|mi) (?:albergue|refugio|trabajo|calor|ruido|renta|clase|tarea) (?:me|nos) (?:esta|estan) matando\b/g,
    /\bamenaz\w* con (?:llamar a la policia|llamarle a|sacarme|sacarnos|desalojar\w*|correrme|corrernos|quitarme el (?:celular|telefono|carro)|subir(?:me)? la renta|demandar\w*|despedir\w*)\b/g,
  /\bme (?:muero|estoy muriendo|moria|muriendo) (?:de|por) (?:hambre|risa|ganas|sueno|frio|calor|verguenza|aburrimiento|ver|saber|un|una)\b/g,
  ],
  concernPhrases: [/\bya no puedo (?:mas )?con (?:esto|todo esto)\b/g],
  refinements: [
    { from: 'domestic-violence', to: 'sexual-assault', when: /\b(?:violad[oa]s?|violo|violaron|violacion|abuso sexual|sexo|relaciones sexuales|me forz\w*)\b/ },
    { from: 'domestic-violence', to: 'trafficking', when: /\b(?:pasaporte|papeles|documentos|deuda|debo|trata)\b/ },
    { from: 'medical', to: 'overdose', when: /\b(?:sobredosis|pastillas|pildoras|fentanilo|heroina|veneno|cloro|medicinas)\b/ },
    { from: 'threat', to: 'disaster', when: /\b(?:incendio|fuego|humo|gas|inundacion)\b/ },
  ],
};
