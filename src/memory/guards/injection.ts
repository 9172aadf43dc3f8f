import { SourceRole } from 'src/domain/memory.enums';

/** One kind of evidence that content tries to steer the agent. Tests see a normalised view (and the raw text). */
export interface InjectionSignal {
  id: string;
  description: string;
  test: RegExp | ((text: string, raw: string) => boolean);
}

export interface InjectionVerdict {
  quarantine: boolean;
  signals: string[];
  reason: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Normalisation

// Stripped before matching; most of them also count as a signal (see countHiddenCharacters).
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;
const EMOJI_NEIGHBOUR = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;

/** Invisible characters that have no business in a memory: zero-width, bidi overrides, Unicode tag characters. */
export function countHiddenCharacters(raw: string): number {
  let count = 0;
  for (const match of raw.matchAll(INVISIBLE)) {
    const char = match[0];
    const index = match.index;
    const before = raw[index - 1] ?? '';
    const after = raw.slice(index + char.length, index + char.length + 2);
    const joinsEmoji = char === '\u200D' && (EMOJI_NEIGHBOUR.test(before) || EMOJI_NEIGHBOUR.test(after));
    // ZWNJ is ordinary spelling in Persian and Indic scripts; only a ZWNJ inside Latin words is suspicious.
    const nonLatinJoiner = char === '\u200C' && !(/[a-z]/iu.test(before) && /^[a-z]/iu.test(after));
    const harmless = char === '\u00AD' || (char === '\uFEFF' && index === 0) || joinsEmoji || nonLatinJoiner;
    count += harmless ? 0 : 1;
  }

  return count;
}

const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  ո: 'n',
  ս: 'u',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ı: 'i',
};
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
const LOOKALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}ıɡ]/u;

// Only words that mix scripts are folded, so real Russian or Greek stays as it is.
function foldHomoglyphs(word: string): string {
  const mixed = /\p{Script=Latin}/u.test(word) && LOOKALIKE_SCRIPTS.test(word);

  return mixed ? [...word].map((char) => CONFUSABLES[char] ?? char).join('') : word;
}

function foldLeet(word: string): string {
  const leet = /\p{L}/u.test(word) && /\d/u.test(word) && !/^\d+(st|nd|rd|th|s|am|pm|k|m|h|x)?$/u.test(word);

  return leet ? [...word].map((char) => LEET[char] ?? char).join('') : word;
}

/** NFKC, invisible characters out, Latin accents off, lowercase, mixed-script homoglyphs folded; blanks kept. */
function fold(raw: string): string {
  return raw
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\p{L}\p{N}]+/gu, foldHomoglyphs);
}

function collapse(text: string): string {
  return text
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/ ?\n\s*/gu, '\n')
    .trim();
}

/** The text every signal sees first. */
export function normalizeForScan(raw: string): string {
  return collapse(fold(raw));
}

// "i g n o r e  a l l", "i.g.n.o.r.e": single letters joined by exactly one separator (a double space ends a word).
const SPACED_RUN = /(?<![\p{L}\p{N}])\p{L}(?:[ .\-_*·|/]\p{L}(?![\p{L}\p{N}])){3,}/gu;

/** The second view: letter-spacing joined, "ig-no-re" de-hyphenated, "1gn0re" de-leeted. Blanks kept. */
function deobfuscate(folded: string): string {
  return folded
    .replace(SPACED_RUN, (run) => run.replace(/[ .\-_*·|/]/gu, ''))
    .replace(/(?<=\p{L})-(?=\p{L})/gu, '')
    .replace(/[\p{L}\p{N}]+/gu, foldLeet);
}

// ---------------------------------------------------------------------------------------------------------------
// Pattern helpers and vocabulary. Lists are '|'-joined alternatives, spliced into String.raw patterns.

const B = String.raw`(?<![\p{L}\p{N}])`; // \b is ASCII-only in JS; B and E work for every script.
const E = String.raw`(?![\p{L}\p{N}])`;
const rx = (source: string): RegExp => new RegExp(source, 'u');
const anyOf =
  (...patterns: readonly (RegExp | ((text: string) => boolean))[]) =>
  (text: string): boolean =>
    patterns.some((pattern) => (pattern instanceof RegExp ? pattern.test(text) : pattern(text)));

const OVERRIDE_VERB =
  'ignore|disregard|forget|override|overrides|overrule|supersedes?|replaces?|invalidates?|takes? precedence over|' +
  'bypass|skip|discard|abandon|neglect|set aside|throw away|throw out|scrap|drop|erase|clear|reset|cancel|nullify|' +
  "void|dismiss|do not follow|don't follow|stop following|no longer follow";
const OVERRIDE_OBJECT =
  'instructions?|prompts?|directives?|guidelines?|guardrails?|rules?|constraints?|restrictions?|polic(?:y|ies)|' +
  'programming|safeguards?|commands?|system message|conditioning|content policy|filters?|ethics|morals|principles|' +
  'guidance|directions|briefing';
const EARLIER =
  'previous|previously|prior|preceding|earlier|above|foregoing|original|initial|old|existing|given|all|any|every|' +
  'your|system|safety|developer|default|these|those|other';
const SAFETY_NET =
  '(safety|content|ethical|moral|security|your|all|any) (filters?|restrictions|protocols?|checks|measures|policies|' +
  'rules|guidelines)|guardrails?|safeguards?|alignment|censorship';

/** Instruction overrides per language: "ignore/forget ... the (previous) instructions". Accents are already off. */
const OVERRIDE_BY_LANGUAGE: Readonly<Record<string, (text: string) => boolean>> = {
  en: anyOf(
    // a space before every word: " ?[\w'-]+" split each word every possible way (105 ms on 10 KB of "ignore previous")
    rx(
      String.raw`\b(${OVERRIDE_VERB})\b(?: [\w'-]+){0,4}? ?\b(${EARLIER})\b(?: [\w'-]+){0,3}? ?\b(${OVERRIDE_OBJECT})\b`,
    ),
    rx(
      String.raw`\b(${OVERRIDE_VERB}) ?(everything|anything|all|what(ever)?|the text|the content|the messages?)\b.{0,30}?` +
        String.raw`\b(above|before|prior|earlier|previously|so far|you (were|have been|'ve been) (told|given|instructed))\b`,
    ),
    /\b(disregard|ignore|forget) (the |all of the |everything )?(above|before|aforementioned)\b/u,
    rx(
      String.raw`\b(override|bypass|disable|turn off|deactivate|remove|lift|circumvent|evade|get around|switch off)\b` +
        String.raw`.{0,20}?\b(${SAFETY_NET})\b`,
    ),
  ),
  es: anyOf(
    rx(
      String.raw`${B}(ignora|ignore|ignoren|ignorad|ignorar|olvida|olvide|olviden|olvidad|olvidar|omite|omitir|descarta|` +
        String.raw`desatiende|haz caso omiso|no sigas|deja de seguir)${E}.{0,40}?` +
        String.raw`${B}(instrucciones|instruccion|indicaciones|reglas|ordenes|directrices|normas|restricciones)${E}`,
    ),
  ),
  fr: anyOf(
    rx(
      String.raw`${B}(ignore|ignorez|ignorer|oublie|oubliez|oublier|ne tiens pas compte|ne tenez pas compte|` +
        String.raw`fais abstraction|faites abstraction|neglige|negligez|ne suis plus|ne suivez plus)${E}.{0,40}?` +
        String.raw`${B}(instructions?|consignes?|regles?|directives?|restrictions?|ordres)${E}`,
    ),
  ),
  de: anyOf(
    rx(
      String.raw`${B}(ignoriere|ignorier|ignorieren|ignoriert|vergiss|vergesst|vergessen sie|missachte|missachten|` +
        String.raw`uberspringe|verwirf|verwerfe|befolge keine|setze .{0,20} au(ss|ß)er kraft)${E}.{0,40}?` +
        String.raw`(anweisung|instruktion|regeln|vorgaben|richtlinien|befehle|einschrankungen|anordnungen)`,
    ),
  ),
  pt: anyOf(
    rx(
      String.raw`${B}(ignore|ignora|ignorem|ignorar|esqueca|esquece|esquecam|esquecer|desconsidere|desconsidera|` +
        String.raw`descarte|nao siga|pare de seguir)${E}.{0,40}?` +
        String.raw`${B}(instrucoes|instrucao|regras|diretrizes|orientacoes|comandos|restricoes|ordens)${E}`,
    ),
  ),
  it: anyOf(
    rx(
      String.raw`${B}(ignora|ignori|ignorate|ignorare|dimentica|dimentichi|dimenticate|dimenticare|trascura|` +
        String.raw`tralascia|non seguire|smetti di seguire)${E}.{0,40}?` +
        String.raw`${B}(istruzioni|istruzione|regole|direttive|indicazioni|restrizioni|ordini)${E}`,
    ),
  ),
  nl: anyOf(
    rx(String.raw`${B}(negeer|vergeet|verwaarloos)${E}.{0,40}?${B}(instructies|regels|richtlijnen|opdrachten)${E}`),
  ),
  pl: anyOf(
    rx(String.raw`${B}(zignoruj|ignoruj|zapomnij|pomin)${E}.{0,40}?${B}(instrukcje|instrukcji|polecenia|zasady|regu)`),
  ),
  tr: anyOf(/(talimatlar|kurallar|yonergeler)\p{L}{0,20}.{0,20}?(yok say|gormezden gel|unut|ihmal et)/u),
  ru: anyOf(
    rx(
      String.raw`${B}(игнорируй|игнорируйте|игнорировать|проигнорируй|проигнорируйте|забудь|забудьте|забыть|` +
        String.raw`не обращай внимания на|не обращайте внимания на|отбрось|отбросьте|отмени|отмените|не следуй|` +
        String.raw`не выполняй)${E}.{0,40}?(инструкци|указани|правил|команд|промпт|ограничени|директив)`,
    ),
  ),
  uk: anyOf(rx(String.raw`${B}(ігноруй|ігноруйте|забудь|забудьте)${E}.{0,40}?(інструкці|вказівк|правил)`)),
  zh: anyOf(
    rx(
      '(忽略|无视|無視|忽视|忽視|不要理会|不要理會|别管|別管|忘记|忘記|忘掉|跳过|跳過|放弃|放棄|抛弃|拋棄|绕过|繞過|不要遵守|不再遵守)' +
        '.{0,12}?(指令|指示|说明|說明|规则|規則|提示词|提示詞|提示|命令|要求|设定|設定|限制)',
    ),
  ),
  ja: anyOf(/(指示|命令|ルール|規則|プロンプト|制約|設定|指令|ガイドライン).{0,10}?(無視|忘れ|破棄|取り消|従わな)/u),
  ko: anyOf(/(지시|지침|명령|규칙|프롬프트|설정|제한|지시사항).{0,10}?(무시|잊어|잊으|잊고|버리|취소|따르지)/u),
  ar: anyOf(/(تجاهل|انس|تناسى).{0,30}?(التعليمات|تعليمات|الأوامر|القواعد)/u),
  hi: anyOf(/(निर्देशों|निर्देश|नियमों|नियम).{0,20}?(अनदेखा|भूल|नज़रअंदाज़|नजरअंदाज)/u),
};

const NO_LIMITS =
  'restrictions|limits|limitations|filters|rules|guidelines|ethics|morals|censorship|safeguards|boundaries';
const UNLEASHED =
  String.raw`unfiltered|unrestricted|uncensored|unlimited|unbound|unshackled|amoral|unethical|jailbroken|` +
  String.raw`without (any )?(\w+ )?(${NO_LIMITS})|with no (\w+ )?(${NO_LIMITS})|no longer (bound|restricted|limited)|` +
  String.raw`free (from|of) (all |any )?(restrictions|rules|guidelines|limitations|censorship|filters|constraints)|` +
  String.raw`(have|has|had|having) no (\w+ )?(restrictions|rules|limits|filters|guidelines|boundaries|limitations|` +
  String.raw`ethics|morals|censorship)`;
const PERSONA_VERB =
  "pretend|imagine|act|behave|roleplay|role-play|respond|answer|reply|simulate|become|you are|you're|you will be|" +
  'from now on you';

/** Persona switches and "no limits" framing per language. */
const JAILBREAK_BY_LANGUAGE: Readonly<Record<string, (text: string) => boolean>> = {
  en: anyOf(
    rx(
      String.raw`\b(do anything now|dan (mode|prompt|jailbreak)|(you are|you're|act as|become|play) dan\b|stan mode|` +
        String.raw`dude mode|aim mode|evil confidant|jailbr(eak|oken|eaking)|jail-break)`,
    ),
    rx(
      String.raw`\byou (are|'re) (now|from now on)\b.{0,40}?\b(unrestricted|unfiltered|uncensored|unlimited|unbound|` +
        String.raw`jailbroken|liberated|evil|rogue|amoral|dan|[a-z]*gpt|an? (\w+ )?(ai|assistant|model|bot|chatbot|agent)|` +
        String.raw`persona|character|in \w+ mode|called|named)\b`,
    ),
    /\byou (are|'re) now \w+,? (which|who) (stands for|means|is an?|has no|can|will|does|never)\b/u,
    /\byou (are|'re) no longer (bound|restricted|limited|required|subject|an? (ai|assistant|model|chatbot|language model))\b/u,
    rx(String.raw`\b(${PERSONA_VERB})\b.{0,40}?\b(${UNLEASHED})\b`),
    /\b(developer|dev|jailbreak|unrestricted|unfiltered|uncensored|sudo|dan) mode\b/u,
    rx(
      String.raw`\b(enable|enabled|activate|activated|enter|entering|switch(ed)? to|now in|unlock|unlocked|engage|` +
        String.raw`turn on)\b.{0,12}?\b(god|admin|administrator|root|debug|maintenance|evil|opposite|unlocked|superuser) mode\b`,
    ),
  ),
  es: anyOf(
    rx(
      String.raw`${B}(ahora eres|a partir de ahora eres|actua como|finge que eres|finge ser|` +
        String.raw`modo (desarrollador|dios|sin censura)|sin (ninguna )?(restricciones|filtros|censura|limites))${E}`,
    ),
  ),
  fr: anyOf(
    rx(
      String.raw`${B}(tu es maintenant|vous etes maintenant|desormais tu es|agis comme|fais semblant d'etre|` +
        String.raw`mode (developpeur|dieu|sans censure)|sans (aucune )?(restrictions?|filtres?|censure|limites))${E}`,
    ),
  ),
  de: anyOf(
    rx(
      String.raw`${B}(du bist jetzt|du bist nun|ab jetzt bist du|tu so als|verhalte dich wie|entwicklermodus|` +
        String.raw`ohne (jegliche )?(einschrankungen|filter|zensur|grenzen))${E}`,
    ),
  ),
  pt: anyOf(
    rx(
      String.raw`${B}(agora voce e|a partir de agora voce e|finja ser|finja que e|aja como|` +
        String.raw`modo (desenvolvedor|deus|sem censura)|sem (nenhuma )?(restricoes|filtros|censura|limites))${E}`,
    ),
  ),
  it: anyOf(
    rx(
      String.raw`${B}(ora sei|adesso sei|d'ora in poi sei|fingi di essere|comportati come|` +
        String.raw`modalita (sviluppatore|dio|senza censura)|senza (alcuna )?(restrizioni|filtri|censura|limiti))${E}`,
    ),
  ),
  ru: anyOf(
    rx(
      String.raw`${B}(теперь ты|отныне ты|притворись|режим разработчика|без (каких-либо )?(ограничений|фильтров|цензуры))${E}`,
    ),
  ),
  zh: anyOf(
    /(你现在是|你現在是|从现在开始你是|從現在開始你是|扮演|开发者模式|開發者模式|没有任何限制|沒有任何限制|不受任何限制|无限制|無限制|没有限制)/u,
  ),
  ja: anyOf(/(あなたは今|今からあなたは|開発者モード|制限のない|制限なし|制限を解除|フィルターなし|になりきって)/u),
  ko: anyOf(/(너는 이제|당신은 이제|지금부터 너는|개발자 모드|제한 없는|제한이 없는|제한 없이|필터 없이)/u),
};

const REVEAL_VERB =
  'reveal|show|print|output|display|repeat|recite|leak|dump|expose|disclose|share|tell me|give me|write out|' +
  'write down|spell out|copy|return|echo|list|send|provide|summari[sz]e|translate';
const SECRET_THING =
  String.raw`system prompt|system message|system instructions|` +
  String.raw`(initial|hidden|secret|original|internal|confidential|developer|pre-?) ?` +
  String.raw`(prompt|instructions|directives|rules|guidelines)|` +
  String.raw`instructions (you were|you've been|you have been) given|pre-?prompt|api[ _-]?keys?|access tokens?|auth tokens?|` +
  String.raw`credentials|passwords?|private keys?|secret keys?|environment variables|env vars|\.env\b|ssh keys?`;
const SYSTEM_PROMPT_WORDS =
  String.raw`system prompt|system-prompt|systemprompt|prompt (del|de) sistema|prompt systeme|prompt di sistema|` +
  String.raw`prompt do sistema|系统提示|系統提示|系统指令|システムプロンプト|системн\p{L}* (промпт|подсказк|инструкци)|시스템 프롬프트`;
const REVEAL_VERB_I18N =
  'reveal|show|print|output|display|repeat|dump|muestra|muestrame|revela|imprime|dime|montre|montrez|affiche|' +
  'affichez|revele|revelez|donne|zeig|zeige|zeigen sie|gib|nenne|mostre|revele|diga|mostra|mostrami|rivela|stampa|' +
  'dimmi|покажи|выведи|раскрой|напиши|скажи';
const AFTER_PROMPT_VERB_I18N =
  'reveal|show|print|output|display|repeat|dump|verbatim|muestra|revela|imprime|montre|affiche|revele|zeig|gib|' +
  'ausgeben|mostre|revele|mostra|rivela|stampa|покажи|выведи|раскрой';
const INSTRUCTIONS_I18N = 'instrucciones|consignes|anweisungen|instrucoes|istruzioni|инструкци';
const CJK_REVEAL =
  '显示|顯示|告诉我|告訴我|输出|輸出|打印|重复|重複|透露|泄露|洩露|给我看|給我看|表示して|教えて|出力して|見せて|繰り返して|보여|알려|출력|공개';
const CJK_PROMPT =
  '系统提示|系統提示|系统指令|指令|提示词|提示詞|システムプロンプト|指示|プロンプト|시스템 프롬프트|지시|프롬프트';
const CJK_PROMPT_FIRST = '系统提示|系統提示|提示词|提示詞|システムプロンプト|시스템 프롬프트|指示内容|初始指令';
const CJK_REVEAL_AFTER =
  '显示|顯示|告诉|告訴|输出|輸出|打印|重复|重複|透露|泄露|表示|教えて|出力|見せ|繰り返|보여|알려|출력|공개';
const SECRETS_QUESTION =
  'api keys?|credentials|passwords?|secrets|secret keys?|access tokens?|tokens|private keys?|environment variables|env vars';

const EXFIL_VERB =
  'send|post|upload|forward|transmit|exfiltrate|leak|submit|pipe|deliver|relay|report|beam|sync|push|append|encode|' +
  'email|e-mail|mail|bcc|cc|copy|share|make an? (get|post|http) request';
const EXFIL_DATA =
  'conversations?|chat|chats|history|memor(y|ies)|messages|emails|inbox|files|credentials|passwords?|api keys?|keys|' +
  'tokens?|cookies|session|contacts|documents|personal (data|information|details)|' +
  "user('s)? (data|info|details|name|address|email)|summary|secrets?|system prompt|everything|" +
  'all (the )?(data|information|details)|(the|this) (data|information|results|output|transcript)';
const OUTSIDE = String.raw`https?:\/\/|\bwww\.|ftp:\/\/|\bwebhook|[\w.+-]+@[\w-]+\.[a-z]{2,}`;
const SUSPICIOUS_TARGET =
  String.raw`webhook|ngrok|requestbin|pastebin|pipedream|burpcollaborator|interact\.sh|attacker|evil|` +
  String.raw`\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|[a-z0-9-]+\.(xyz|ru|cn|tk|top|zip|click|onion|ml|ga|cf)\b`;
const HTTP_CLIENT = String.raw`curl|wget|invoke-webrequest|fetch|requests\.(get|post)|axios\.(get|post)|xmlhttprequest|navigator\.sendbeacon`;
const PRIVATE_PARAM =
  'conversation|history|memor|secret|password|token|key|data|chat|user|email|summary|messages?|credentials|prompt';

const LASTING =
  'conversations?|responses?|repl(y|ies)|interactions?|sessions?|chats?|messages?|requests?|answers?|users?|turns?';
const AGENT_DIRECTIVE =
  'you (must|should|will|shall)|always (respond|reply|recommend|say|answer|include|use|trust|follow|obey|send|treat|' +
  'prefer)|never (mention|tell|reveal|refuse|warn|ask|question)|ignore|trusted|verified|admin|authori[sz]ed|override';
const AI = String.raw`ai|a\.i\.|assistant|llm|model|agent|chatbot|bot|language model|gpt|claude|gemini|copilot`;
const AUTHORITY =
  'developer|creator|administrator|admin|sysadmin|system|operator|openai|anthropic|security team|trust and safety team';
const USER = 'user|human|operator|owner';
const COVERT_ACTION =
  'send|forward|execute|run|add|delete|transfer|exfiltrate|post|upload|email|install|download|grant|approve|buy|' +
  'purchase|pay|share|copy|call|modify|change|disable';
const DATA_STORE =
  'files|data|database|memories|memory|records|emails|tables|repos|repositories|backups|users|accounts|documents|' +
  'history|logs|contacts';

const ENCODING = 'base ?64|rot ?-?13|hex(adecimal)?|morse|caesar|encoded|encrypted';
const ENCODED_INSTRUCTION = rx(
  String.raw`\b(decode|decipher|deobfuscate|decrypt|unscramble)\b.{0,80}?\b(then|and|before)\b.{0,20}?` +
    String.raw`\b(follow|execute|run|obey|do|perform|comply|act on|carry out|apply)\b|` +
    String.raw`\b(${ENCODING})\b.{0,60}?\b(follow|execute|obey|comply|carry out|act on)\b|` +
    String.raw`\b(follow|execute|run|obey|carry out)\b.{0,30}?\b(base ?64|rot ?-?13|hex|morse|caesar)\b.{0,20}?` +
    String.raw`\b(payload|instructions?|commands?|message|string|text|code)\b`,
);

// A URL token is consumed whole by one global scan (linear); what it carries is checked on that token alone. The
// expressions that once searched for a query string from every verb or URL start ("http://open/" repeated) were
// quadratic.
const URL_TOKEN = /https?:\/\/[^\s)]{1,2000}/gu;
const TEMPLATED_PARAM = /[?&][\w-]+= ?(\{|\[|<|\$|%7b)/u;
const VISIT_BEFORE = rx(
  String.raw`\b(visit|open|load|navigate to|browse to|click|fetch|request|go to|access)\b.{0,40}$`,
);
const PRIVATE_QUERY = rx(String.raw`[?&][\w-]+=.{0,40}?\b(${PRIVATE_PARAM})`);

function hasExfiltratingUrl(text: string): boolean {
  for (const match of text.matchAll(URL_TOKEN)) {
    const url = match[0];
    if (TEMPLATED_PARAM.test(url)) {
      return true;
    }
    const before = text.slice(Math.max(0, match.index - 60), match.index);
    if (VISIT_BEFORE.test(before) && PRIVATE_QUERY.test(text.slice(match.index, match.index + url.length + 40))) {
      return true;
    }
  }

  return false;
}

// Every repetition is bounded and no class spans the next tag or bracket, so no start scans the rest of the text.
const REFERENCE_IMAGE = /!\[[^[\]]{0,1000}\] ?\[[^[\]]{0,100}\]/u;
const REFERENCE_WITH_QUERY = /\]: ?https?:\/\/[^\s?]{0,2000}\?\S{0,2000}=/u;

function hasBase64Blob(raw: string): boolean {
  const withoutUrls = raw.replace(/\b(https?|ftp):\/\/\S+/gu, ' ');
  for (const [blob] of withoutUrls.matchAll(/(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{32,}={0,2}(?![A-Za-z0-9+/=_-])/gu)) {
    const mixed = /[a-z]/u.test(blob) && /[A-Z]/u.test(blob) && /[0-9+/=]/u.test(blob);
    if (mixed && !/^[0-9a-f]+$/iu.test(blob)) {
      return true;
    }
  }

  return false;
}

const OBFUSCATED_KEYWORD = rx(
  'ignore|disregard|forget|instruction|system|prompt|jailbreak|developer|pretend|override|bypass|password|secret|' +
    'reveal|unrestricted|unfiltered|admin',
);
const REVERSED_KEYWORD = /\b(snoitcurtsni|erongi|drageresid|tpmorp|kaerbliaj|edirrevo|snoitcirtser)\b/u;

function hasObfuscatedKeyword(raw: string): boolean {
  const folded = fold(raw);
  const runs = folded.match(SPACED_RUN) ?? [];

  return runs.some((run) => OBFUSCATED_KEYWORD.test(run.replace(/[^\p{L}]/gu, ''))) || REVERSED_KEYWORD.test(folded);
}

// ---------------------------------------------------------------------------------------------------------------
// The signal table

/** The detector's table: add a row to catch a new technique. */
export const INJECTION_SIGNALS: readonly InjectionSignal[] = [
  {
    id: 'instruction-override',
    description: 'asks to ignore, forget or override earlier instructions or rules (any language in the table)',
    test: (text) => Object.values(OVERRIDE_BY_LANGUAGE).some((test) => test(text)),
  },
  {
    id: 'new-instructions',
    description: 'announces replacement instructions or a new task',
    test: anyOf(
      /\b(new|real|actual|true|secret|hidden|override|priority|admin|system) ?(system )?(instructions?|directives?|prompt)\b ?(?:\([^)]*\) ?)?[:：]/u,
      /\b(real|actual|true|secret|hidden|override|priority|system) (rules|task|orders|objective)\b ?[:：]/u,
      rx(
        String.raw`\byour (new|real|actual|true|only|updated|primary) ` +
          String.raw`(task|instructions?|role|goal|objective|purpose|job|mission|directive)s? (is|are|will be|now)\b`,
      ),
      /\b(the )?(real|actual|true|following) instructions (are|follow|below)\b/u,
      rx(
        String.raw`\b(end|stop) of (the )?(user |system )?(input|prompt|instructions|document|context|data)\b.{0,40}` +
          String.raw`\b(new|now|begin|start|follow|next)\b`,
      ),
    ),
  },
  {
    id: 'role-tag',
    description: 'chat-template tokens or fake role headers (<|im_start|>, [INST], ### System:, <system>)',
    test: anyOf(
      rx(
        String.raw`<\|(im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|` +
          String.raw`begin_of_text|end_of_text|eom_id|end|start)\|>`,
      ),
      /<(start|end)_of_turn>|\[\/?inst\]|<<\/?sys>>|\[\/?(sys|system|assistant|user)\]|<\/?s>/u,
      /<\/?(system|assistant|user|developer|human|sys|system_prompt|system-prompt|instructions?|admin|im_start)(\s[^>]*)?>/u,
      /(^|\n) ?#{1,4} ?(system|instructions?|assistant|user|human|response|developer|admin)\b ?(prompt|message)? ?[:\n]/u,
      /(^|\n) ?(system|sys) ?(prompt|message|override|note|notice)? ?: ?\S/u,
      /(^|\n) ?developer (prompt|message|instructions) ?: ?\S/u,
      /\n ?(human|assistant|ai|gpt|chatgpt|claude) ?: ?\S/u,
    ),
  },
  {
    id: 'tool-call-markup',
    description: 'tool or function-call markup (<tool_call>, {"function_call": ...}, <function=...>, <|tool|>)',
    test: anyOf(
      rx(
        String.raw`<\/?(tool_call|tool_calls|tool_use|tool_result|tool_code|function_call|function_calls|functioncall|` +
          String.raw`invoke|antml:invoke|antml:function_calls|parameter|tools|function_results)\b[^<>]{0,500}>`,
      ),
      /<\|(tool|tool_call|tool_calls|tool_response|python_tag|plugin|function|function_call|call)\|>/u,
      /["'](function_call|tool_calls|tool_call|tool_use|tool_name|function_name)["'] ?: ?[{["'\w]/u,
      /["']name["'] ?: ?["'][^"']{1,60}["'] ?, ?["'](arguments|parameters|input|args)["'] ?:/u,
      /["'](type)["'] ?: ?["'](function|tool_use|tool_call)["']/u,
      /<function ?=|<tool ?=|\[tool_calls?\]|\bfunctions\.[a-z_]+ ?\(|\bto=functions\.|\brecipient ?= ?["']?functions\./u,
    ),
  },
  {
    id: 'persona-jailbreak',
    description: 'jailbreak personas: DAN, "you are now ...", developer mode, no restrictions, act unfiltered',
    test: (text) => Object.values(JAILBREAK_BY_LANGUAGE).some((test) => test(text)),
  },
  {
    id: 'prompt-leak',
    description: 'asks to reveal the system prompt, instructions, keys or secrets',
    test: anyOf(
      rx(String.raw`\b(${REVEAL_VERB})\b.{0,30}?\b(your|the|its|all|any|my|this)\b.{0,20}?\b(${SECRET_THING})`),
      rx(
        String.raw`\b(reveal|show|print|output|display|repeat|recite|dump|tell me|give me|what (are|were|is))\b.{0,12}?` +
          String.raw`\byour (instructions|rules|prompt|guidelines|directives|configuration|programming)\b`,
      ),
      rx(
        String.raw`\b(repeat|print|output|copy|echo|recite)\b.{0,20}?\b(the |all )?(text|words|everything|content|` +
          String.raw`messages?|lines?)\b.{0,20}?\b(above|before this|prior to this|so far|verbatim)\b`,
      ),
      /\b(starting|beginning) with ["'“]?you are\b/u,
      rx(String.raw`\bwhat (${SECRETS_QUESTION}) (do|can|did|could) you (have|know|see|store|hold|access|use)\b`),
      rx(
        String.raw`(${SYSTEM_PROMPT_WORDS}).{0,40}?${B}(${AFTER_PROMPT_VERB_I18N})${E}|` +
          String.raw`${B}(${REVEAL_VERB_I18N})${E}.{0,40}?(${SYSTEM_PROMPT_WORDS}|${INSTRUCTIONS_I18N})`,
      ),
      rx(`(${CJK_REVEAL}).{0,12}?(${CJK_PROMPT})|(${CJK_PROMPT_FIRST}).{0,12}?(${CJK_REVEAL_AFTER})`),
    ),
  },
  {
    id: 'exfiltration',
    description: 'asks to send, post or encode data to an outside URL, address or endpoint',
    test: anyOf(
      rx(
        String.raw`\b(${EXFIL_VERB})\b.{0,60}?\b(${EXFIL_DATA})\b.{0,60}?\b(to|into|at|via|using)\b.{0,30}?(${OUTSIDE})`,
      ),
      rx(String.raw`\b(${EXFIL_VERB})\b.{0,80}?\b(to|into|at|via|using)\b.{0,40}?(${SUSPICIOUS_TARGET})`),
      rx(String.raw`\b(${HTTP_CLIENT})\b.{0,60}?https?:\/\/`),
      hasExfiltratingUrl,
    ),
  },
  {
    id: 'markdown-image-exfil',
    description: 'markdown or HTML image pointing at a URL with a query string (data exfiltration via rendering)',
    test: anyOf(
      /!\[[^[\]]{0,1000}\] ?\( ?<?https?:\/\/[^)\s?]{0,2000}\?[^)\s]{0,2000}=/u,
      /<img\b[^<>]{0,500}?\bsrc ?= ?["']?https?:\/\/[^"'\s<>?]{0,2000}\?[^"'\s<>]{0,2000}=/u,
      (text) => REFERENCE_IMAGE.test(text) && REFERENCE_WITH_QUERY.test(text),
    ),
  },
  {
    id: 'memory-poisoning',
    description:
      'plants a lasting rule: "always remember that you must", "from now on you will", "store this in memory"',
    test: anyOf(
      rx(
        String.raw`\b(always|permanently|forever) remember (that )?(you|the assistant|the ai|the agent)\b.{0,20}?` +
          String.raw`\b(must|should|shall|will|have to|need to|are (to|required|supposed|obliged|not allowed|forbidden))\b`,
      ),
      rx(
        String.raw`\b(always|permanently) remember to (ignore|obey|follow|respond|reply|say|answer|include|send|never|` +
          String.raw`always|recommend|tell|trust|prefer|use|mention|add|append|call)\b`,
      ),
      /\bremember (that )?(you|the assistant|the ai) (must|should|shall|have to|need to|are required to)\b/u,
      rx(
        String.raw`\bfrom (now on|this point (on|forward)|here on( out)?),? (you|always|never|ignore|respond|reply|` +
          String.raw`answer|only|do not|don't|say|treat|consider|refer|your|the assistant|all (your )?responses)\b`,
      ),
      rx(String.raw`\bfor (all|every|each) (future|subsequent|later|upcoming|following) (${LASTING})\b`),
      rx(
        String.raw`\bin (all |every )?(future|subsequent|later) (conversations?|responses?|interactions?|sessions?|` +
          String.raw`chats?|replies),? (you|always|never|respond|reply|answer|recommend|say|mention)\b`,
      ),
      rx(
        String.raw`\b(store|save|add|write|commit|insert|record|inject|persist|remember|keep|memori[sz]e)\b.{0,30}?` +
          String.raw`\b(in|to|into|inside)\b (your|the|my)? ?(permanent |persistent |long-?term |core )?` +
          String.raw`(memory|memories|knowledge base|core memory|user profile)\b.{0,60}?\b(${AGENT_DIRECTIVE})\b`,
      ),
      rx(
        String.raw`\b(update|modify|overwrite|change|rewrite|edit|replace)\b your (memory|memories|core memory|persona|` +
          String.raw`system prompt|instructions|guidelines|rules|personality)\b`,
      ),
      rx(
        String.raw`\b(make|set|mark|save|store) (this|it) (as )?(a |an )?(permanent|persistent|core|standing|global|` +
          String.raw`default) (memory|rule|instruction|directive|preference|policy)\b`,
      ),
    ),
  },
  {
    id: 'authority-claim',
    description: 'claims to speak for the system, developer, admin or vendor, or addresses the AI reading the text',
    test: anyOf(
      rx(
        String.raw`\b(i am|i'm|this is|speaking as) your (developer|creator|administrator|admin|owner|operator|` +
          String.raw`programmer|maker|master|boss|system)\b`,
      ),
      rx(
        String.raw`\b(i am|i'm|this is) (the )?(system administrator|sysadmin|openai|anthropic|google deepmind|` +
          String.raw`a system (message|notice|override)|an? (admin|administrator|developer) (message|notice|override))\b`,
      ),
      rx(
        String.raw`\b(message|instructions?|notice|order|update|directive|command|note) from (your|the) (${AUTHORITY})\b`,
      ),
      /\b(admin|administrator|system|developer|root|sudo) (override|access granted|privileges? granted|directive)\b/u,
      /\b(security|emergency|maintenance) override\b/u,
      rx(
        String.raw`\b(attention|note|important|urgent|message|instructions?|notice|warning|reminder|p\.?s\.?) ` +
          String.raw`(to|for) (the |any |all )?(${AI})s?\b`,
      ),
      rx(
        String.raw`\b(ai|assistant|agent|llm|language model|model|chatbot|gpt|claude|bot)s? ` +
          String.raw`(reading|processing|parsing|summari[sz]ing|analy[sz]ing|seeing|that reads?) this\b`,
      ),
      rx(String.raw`\b(attention|dear|note|important|warning|urgent|notice),? (${AI})s?\b ?[:!,]`),
      /\bif you are an? (ai|assistant|llm|language model|agent|chatbot|bot|large language model)\b/u,
    ),
  },
  {
    id: 'concealment',
    description: 'asks to hide actions from the user',
    test: anyOf(
      rx(
        String.raw`\b(do not|don't|dont|never|without) (tell|telling|inform|informing|alert|alerting|notify|notifying|` +
          String.raw`mention|mentioning|reveal|revealing|warn|warning) (this to |it to )?(the|your|any) (${USER})s?\b`,
      ),
      rx(
        String.raw`\b(hide|conceal|keep)\b (this|it|that|these|the following)\b.{0,20}?` +
          String.raw`\b(from|secret from)\b (the |your )?(${USER})\b`,
      ),
      rx(
        String.raw`\b(silently|secretly|covertly|quietly|stealthily|discreetly|without (asking|confirmation|permission|` +
          String.raw`consent))\b.{0,30}?\b(${COVERT_ACTION})\b`,
      ),
      /\b(the user|the human|the owner|the operator) (must|should|will|need) not (know|find out|see|notice|be told)\b/u,
      rx(String.raw`\b(do not|don't|dont|never) let (the|your) (${USER}) (know|see|find out|notice|realize)\b`),
      rx(
        String.raw`\b(send|forward|execute|run|delete|transfer|post|upload|install|do|approve|share|copy)\b ` +
          String.raw`(it|this|that|them|these)\b.{0,20}?\b(silently|secretly|covertly|stealthily|` +
          String.raw`without (telling|informing|notifying|asking) (the |your )?(user|human|owner))\b`,
      ),
    ),
  },
  {
    id: 'command-execution',
    description: 'destructive or remote-execution commands, mass deletion, money transfers',
    test: anyOf(
      /\b(execute|run|perform|carry out)\b (the following|these|the hidden|the embedded) (instructions|payload)\b/u,
      /\brm -rf\b|\bnc -[el]\b|\/bin\/(ba)?sh -i\b|\bdrop (table|database)\b|\bformat c:/u,
      /\b(curl|wget)\b[^\n]{0,500}?\| ?(sudo )?(sh|bash|zsh|python)\b/u,
      rx(
        String.raw`\b(delete|wipe|erase|destroy|purge|drop|truncate)\b (all|every|the entire|the whole|everything in) ` +
          String.raw`(of )?(the |your |my |their )?(${DATA_STORE})\b`,
      ),
      /\b(transfer|wire)\b.{0,20}?(\$|€|£|\busd\b|\beur\b|\bbtc\b|\beth\b|funds|money|balance|bitcoin|crypto)/u,
    ),
  },
  {
    id: 'obfuscated-keywords',
    description: 'l e t t e r-spaced or reversed trigger words (ignore, instructions, system prompt, ...)',
    test: (_text, raw) => hasObfuscatedKeyword(raw),
  },
  {
    id: 'hidden-characters',
    description: 'zero-width, bidi-override or Unicode tag characters',
    test: (_text, raw) => countHiddenCharacters(raw) > 0,
  },
  {
    id: 'encoded-payload',
    description: 'a long base64 blob, or a request to decode something and act on it',
    test: (text, raw) => hasBase64Blob(raw) || ENCODED_INSTRUCTION.test(text),
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Detection

function matches(signal: InjectionSignal, views: readonly string[], raw: string): boolean {
  const { test } = signal;

  return views.some((view) => (test instanceof RegExp ? test.test(view) : test(view, raw)));
}

/** Ids of every signal that fires on `content`. */
export function scanForInjection(content: string): string[] {
  const folded = fold(content);
  const text = collapse(folded);
  const plain = collapse(deobfuscate(folded));
  const views = plain === text ? [text] : [text, plain];

  return INJECTION_SIGNALS.filter((signal) => matches(signal, views, content)).map((signal) => signal.id);
}

const STRICT_ROLES: ReadonlySet<SourceRole> = new Set([SourceRole.TOOL, SourceRole.TASK, SourceRole.ASSISTANT]);

/** Signals needed to quarantine: one for machine-sourced text, two for what the user (or the system) wrote. */
export function quarantineThreshold(role: SourceRole): number {
  return STRICT_ROLES.has(role) ? 1 : 2;
}

export function detectInjection(content: string, role: SourceRole): InjectionVerdict {
  const signals = scanForInjection(content);
  const quarantine = signals.length >= quarantineThreshold(role);

  return {
    quarantine,
    signals,
    reason: quarantine ? `quarantined: possible prompt injection in ${role} content (${signals.join(', ')})` : null,
  };
}
