import { fold, SPACED_RUN } from 'src/memory/guards/injection-text';

// The vocabulary the injection signals (injection-signals.ts) are written in: pattern helpers, per-language override
// and jailbreak tests, words of secrets and exfiltration. Lists are '|'-joined alternatives, spliced into String.raw
// patterns.

export const B = String.raw`(?<![\p{L}\p{N}])`; // \b is ASCII-only in JS; B and E work for every script.
export const E = String.raw`(?![\p{L}\p{N}])`;
export const rx = (source: string): RegExp => new RegExp(source, 'u');
export const anyOf =
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
export const OVERRIDE_BY_LANGUAGE: Readonly<Record<string, (text: string) => boolean>> = {
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
export const JAILBREAK_BY_LANGUAGE: Readonly<Record<string, (text: string) => boolean>> = {
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

export const REVEAL_VERB =
  'reveal|show|print|output|display|repeat|recite|leak|dump|expose|disclose|share|tell me|give me|write out|' +
  'write down|spell out|copy|return|echo|list|send|provide|summari[sz]e|translate';
export const SECRET_THING =
  String.raw`system prompt|system message|system instructions|` +
  String.raw`(initial|hidden|secret|original|internal|confidential|developer|pre-?) ?` +
  String.raw`(prompt|instructions|directives|rules|guidelines)|` +
  String.raw`instructions (you were|you've been|you have been) given|pre-?prompt|api[ _-]?keys?|access tokens?|auth tokens?|` +
  String.raw`credentials|passwords?|private keys?|secret keys?|environment variables|env vars|\.env\b|ssh keys?`;
export const SYSTEM_PROMPT_WORDS =
  String.raw`system prompt|system-prompt|systemprompt|prompt (del|de) sistema|prompt systeme|prompt di sistema|` +
  String.raw`prompt do sistema|系统提示|系統提示|系统指令|システムプロンプト|системн\p{L}* (промпт|подсказк|инструкци)|시스템 프롬프트`;
export const REVEAL_VERB_I18N =
  'reveal|show|print|output|display|repeat|dump|muestra|muestrame|revela|imprime|dime|montre|montrez|affiche|' +
  'affichez|revele|revelez|donne|zeig|zeige|zeigen sie|gib|nenne|mostre|revele|diga|mostra|mostrami|rivela|stampa|' +
  'dimmi|покажи|выведи|раскрой|напиши|скажи';
export const AFTER_PROMPT_VERB_I18N =
  'reveal|show|print|output|display|repeat|dump|verbatim|muestra|revela|imprime|montre|affiche|revele|zeig|gib|' +
  'ausgeben|mostre|revele|mostra|rivela|stampa|покажи|выведи|раскрой';
export const INSTRUCTIONS_I18N = 'instrucciones|consignes|anweisungen|instrucoes|istruzioni|инструкци';
export const CJK_REVEAL =
  '显示|顯示|告诉我|告訴我|输出|輸出|打印|重复|重複|透露|泄露|洩露|给我看|給我看|表示して|教えて|出力して|見せて|繰り返して|보여|알려|출력|공개';
export const CJK_PROMPT =
  '系统提示|系統提示|系统指令|指令|提示词|提示詞|システムプロンプト|指示|プロンプト|시스템 프롬프트|지시|프롬프트';
export const CJK_PROMPT_FIRST = '系统提示|系統提示|提示词|提示詞|システムプロンプト|시스템 프롬프트|指示内容|初始指令';
export const CJK_REVEAL_AFTER =
  '显示|顯示|告诉|告訴|输出|輸出|打印|重复|重複|透露|泄露|表示|教えて|出力|見せ|繰り返|보여|알려|출력|공개';
export const SECRETS_QUESTION =
  'api keys?|credentials|passwords?|secrets|secret keys?|access tokens?|tokens|private keys?|environment variables|env vars';

export const EXFIL_VERB =
  'send|post|upload|forward|transmit|exfiltrate|leak|submit|pipe|deliver|relay|report|beam|sync|push|append|encode|' +
  'email|e-mail|mail|bcc|cc|copy|share|make an? (get|post|http) request';
export const EXFIL_DATA =
  'conversations?|chat|chats|history|memor(y|ies)|messages|emails|inbox|files|credentials|passwords?|api keys?|keys|' +
  'tokens?|cookies|session|contacts|documents|personal (data|information|details)|' +
  "user('s)? (data|info|details|name|address|email)|summary|secrets?|system prompt|everything|" +
  'all (the )?(data|information|details)|(the|this) (data|information|results|output|transcript)';
export const OUTSIDE = String.raw`https?:\/\/|\bwww\.|ftp:\/\/|\bwebhook|[\w.+-]+@[\w-]+\.[a-z]{2,}`;
export const SUSPICIOUS_TARGET =
  String.raw`webhook|ngrok|requestbin|pastebin|pipedream|burpcollaborator|interact\.sh|attacker|evil|` +
  String.raw`\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|[a-z0-9-]+\.(xyz|ru|cn|tk|top|zip|click|onion|ml|ga|cf)\b`;
export const HTTP_CLIENT = String.raw`curl|wget|invoke-webrequest|fetch|requests\.(get|post)|axios\.(get|post)|xmlhttprequest|navigator\.sendbeacon`;
const PRIVATE_PARAM =
  'conversation|history|memor|secret|password|token|key|data|chat|user|email|summary|messages?|credentials|prompt';

export const LASTING =
  'conversations?|responses?|repl(y|ies)|interactions?|sessions?|chats?|messages?|requests?|answers?|users?|turns?';
export const AGENT_DIRECTIVE =
  'you (must|should|will|shall)|always (respond|reply|recommend|say|answer|include|use|trust|follow|obey|send|treat|' +
  'prefer)|never (mention|tell|reveal|refuse|warn|ask|question)|ignore|trusted|verified|admin|authori[sz]ed|override';
export const AI = String.raw`ai|a\.i\.|assistant|llm|model|agent|chatbot|bot|language model|gpt|claude|gemini|copilot`;
export const AUTHORITY =
  'developer|creator|administrator|admin|sysadmin|system|operator|openai|anthropic|security team|trust and safety team';
export const USER = 'user|human|operator|owner';
export const COVERT_ACTION =
  'send|forward|execute|run|add|delete|transfer|exfiltrate|post|upload|email|install|download|grant|approve|buy|' +
  'purchase|pay|share|copy|call|modify|change|disable';
export const DATA_STORE =
  'files|data|database|memories|memory|records|emails|tables|repos|repositories|backups|users|accounts|documents|' +
  'history|logs|contacts';

const ENCODING = 'base ?64|rot ?-?13|hex(adecimal)?|morse|caesar|encoded|encrypted';
export const ENCODED_INSTRUCTION = rx(
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

export function hasExfiltratingUrl(text: string): boolean {
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
export const REFERENCE_IMAGE = /!\[[^[\]]{0,1000}\] ?\[[^[\]]{0,100}\]/u;
export const REFERENCE_WITH_QUERY = /\]: ?https?:\/\/[^\s?]{0,2000}\?\S{0,2000}=/u;

export function hasBase64Blob(raw: string): boolean {
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

export function hasObfuscatedKeyword(raw: string): boolean {
  const folded = fold(raw);
  const runs = folded.match(SPACED_RUN) ?? [];

  return runs.some((run) => OBFUSCATED_KEYWORD.test(run.replace(/[^\p{L}]/gu, ''))) || REVERSED_KEYWORD.test(folded);
}
