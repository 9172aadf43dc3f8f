import {
  AFTER_PROMPT_VERB_I18N,
  AGENT_DIRECTIVE,
  AI,
  anyOf,
  AUTHORITY,
  B,
  CJK_PROMPT,
  CJK_PROMPT_FIRST,
  CJK_REVEAL,
  CJK_REVEAL_AFTER,
  COVERT_ACTION,
  DATA_STORE,
  E,
  ENCODED_INSTRUCTION,
  EXFIL_DATA,
  EXFIL_VERB,
  hasBase64Blob,
  hasExfiltratingUrl,
  hasObfuscatedKeyword,
  HTTP_CLIENT,
  INSTRUCTIONS_I18N,
  JAILBREAK_BY_LANGUAGE,
  LASTING,
  OUTSIDE,
  OVERRIDE_BY_LANGUAGE,
  REFERENCE_IMAGE,
  REFERENCE_WITH_QUERY,
  REVEAL_VERB,
  REVEAL_VERB_I18N,
  rx,
  SECRET_THING,
  SECRETS_QUESTION,
  SUSPICIOUS_TARGET,
  SYSTEM_PROMPT_WORDS,
  USER,
} from 'src/memory/guards/injection-patterns';
import { countHiddenCharacters } from 'src/memory/guards/injection-text';

/** One kind of evidence that content tries to steer the agent. Tests see a normalised view (and the raw text). */
export interface InjectionSignal {
  id: string;
  description: string;
  test: RegExp | ((text: string, raw: string) => boolean);
}

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
