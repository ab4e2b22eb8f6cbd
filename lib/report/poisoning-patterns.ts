// What the poisoning scan looks for, as patterns: the words of an attack on a model through tool
// metadata. Strong patterns are findings on their own; weak ones are either tone (orders,
// urgency) or substance (secrets, other tools, preconditions), and a finding needs substance
// and something more. Secrecy, overrides and claims of consent are also matched in German,
// Spanish, French, Portuguese, Russian, Chinese and Japanese, the languages attacks have used.
// bench/poisoning.ts measures them; the corpus they were tuned on and the hold-out they were not
// are described in bench/README.md.
import type { RuleId } from "./rules";

export type Pattern = { rule: RuleId; re: RegExp; why: string };
export type WeakPattern = Pattern & { kind: "tone" | "substance" };

/** Up to n characters of one sentence (a dot followed by a space ends it; dots in paths do not). */
const WITHIN = (n: number): string => String.raw`(?:(?![.!?]\s)[^\n]){0,${n}}?`;
const USER = String.raw`(?:the |your |their )?(?:user|human|person|operator|client|customer|organi[sz]ation|company|admin(?:istrator)?)s?(?:'s? (?:organi[sz]ation|company|admin(?:istrator)?|team))?`;
const TELL = String.raw`(?:tell|mention|inform|notify|reveal|show|alert|disclose|say|explain|report|surface|let .{0,12}know|bring up|draw attention)`;
/** Files and places that hold secrets: naming one is rarely innocent in a description. */
export const SECRET_PLACES = String.raw`(?:~?/?\.ssh\b|\bid[ _-]?(?:rsa|dsa|ecdsa|ed25519)\b|\bssh[ _-]?(?:keys?|private)|\bprivate[ _-]?keys?\b|\.aws/credentials|\baws[ _-]credentials|(?:^|[\s'"\`(/])\.env\b|\.npmrc|\.netrc|\.pgpass|\.git-credentials|\.gitconfig|\.docker/config|\.kube/config|\.config/gh/hosts|\.config/gcloud|\.azure/|\.gnupg|\.pypirc|\bcredentials\.json|\btoken\.json|/etc/(?:passwd|shadow)|\bmcp\.json|claude_desktop_config|\.cursor/|\bcookies?\b(?: (?:file|jar|store|database))?|\bkeychain\b|\bseed phrase|\bmnemonic\b|\bwallet (?:keys?|files?)|\bdotfiles?\b|\bbrowser (?:history|passwords|profiles?)|\bthe user'?s environment\b|\bprintenv\b|\brun [\x60'"]?env[\x60'"]?)`;
/** Secrets by name: ordinary in descriptions of tools that use them, an attack when asked for. */
const SECRET_WORDS = String.raw`(?:api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?keys?|(?:access|auth|oauth|bearer|session|refresh|github|openai|slack)[ _-]?tokens?|passwords?|passwd|credentials?|secrets?|authorization headers?|session ids?|card numbers?|account numbers?|social security numbers?|passport numbers?|パスワード|APIキー|密码|密钥|令牌)`;
const READ = String.raw`(?:read|cat|open|load|fetch|retrieve|grab|obtain|collect|gather|extract|copy|dump|look up|lee|lies|lis|lise[zs]?|lire|ouvre[zs]?|leia|leggi|lees|прочита\w*|读取|読み|읽|اقرأ)`;
const GIVE = String.raw`(?:include|pass|send|provide|upload|attach|append|paste|forward|exfiltrate|embed|put|insert|supply|transmit|fill|place|填入|放入|入れ|넣|ضع|incluye|pásal\w*|envía|inclu\w+|übergib|füge|placez|mettez|ajoutez|joignez|inserisci|metti)`;

/** An address to send money, messages or data to: a phone number, an IBAN, an EVM address, an email. */
const TARGET = String.raw`(?:\b0x[0-9a-fA-F]{40}\b|\+\d[\d ()-]{7,20}\d|\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}|(?<![\w.+-])[\w.+-]{1,64}@[\w-]+\.[\w.]+)`;
const REPLACE = String.raw`(?:\binstead\b|\bchanged? to\b|\breplace\w*|\bswap\w*|\bersetze\w*|\bremplace\w*|\bsustitu\w*|\breemplaza\w*|\bsubstitu\w*|\bsostitui\w*|замени\w*|заміни\w*|替换|置き換え)`;

/** An email address outside the reserved example domains. */
const OUTSIDE_EMAIL = String.raw`(?<![\w.+-])[\w.+-]{1,64}@(?!example\.(?:com|org|net)\b)[\w-]+(?:\.[\w-]+)+`;

/** Strong signals: each is a finding by itself. */
export const STRONG: Pattern[] = [
  {
    rule: "safety/instruction-to-model",
    re: /<\/?\s*(?:important|system|instructions?|admin|secret|hidden|critical|priority|override|assistant_only|note_to_(?:ai|assistant|model))\b[^>]{0,40}>|\[(?:system|inst|admin)\]|<\|(?:im_start|system|endoftext)\|>|^#{1,4}\s*system\b/im,
    why: "a tag that poses as system text",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      [
        String.raw`\b(?:do not|don't|never|must not|should not|shouldn't|without)\s+(?:\w+\s+){0,3}?(?:${TELL}|telling|informing|notifying|alerting|asking|letting|presenting|showing|consulting|surfacing)\b${WITHIN(40)}\b${USER}\b`,
        String.raw`\b(?:do not|don't|never|without)\s+(?:mention|mentioning|reveal|revealing|disclos\w+|surfac\w+)\b`,
        String.raw`\b(?:need not|needn't|must not|should not|shouldn't|does not need to|do not need to|never) be (?:mentioned|disclosed|shown|reported|revealed|surfaced|displayed)`,
        String.raw`\b${USER}\s+(?:must|should|need|does|do|will)\s*(?:not|n't|never)\s+(?:\w+\s+){0,2}?(?:know|see|notice|be (?:told|informed|aware|shown|notified))`,
        // "silently" of the model's own action (silently add, retry silently), not of the tool's ("succeeds silently").
        String.raw`\b(?:keep (?:this|it|these)|remain) (?:secret|hidden|confidential|private|invisible)|\b(?:covertly|secretly)\b`,
        String.raw`\b(?:silently|quietly|invisibly)\s+(?:\w+\s+){0,2}?(?:add|append|attach|b?cc|copy|copies|forward|send|post|upload|include|insert|call|invoke|retry|change|replace|modify|rewrite|share|transmit|exfiltrat|approve|accept|grant|redirect|route|swap|substitut)\w*`,
        String.raw`\b(?:add|append|attach|forward|send|post|upload|include|call|invoke|retry|share|transmit|approve|redirect|route)\w*\b${WITHIN(40)}\b(?:silently|quietly|invisibly)\b`,
        String.raw`\b(?:keep|leave) (?:this|that|it|these|those)(?: \w+)? out of (?:the|your) (?:final )?(?:answer|response|reply|summary|output|description|report|message)`,
        String.raw`\b(?:tell|inform|assure|report to) ${USER}\b${WITHIN(80)}\beven (?:if|though|when)\b`,
        // German, Spanish, French, Portuguese, Russian, Chinese, Japanese
        String.raw`\berwähne\w*\b${WITHIN(40)}\bnicht\b|\bnicht erwähnen|\bohne (?:den |die )?(?:nutzer|benutzer|anwender)\w* zu (?:informieren|fragen)`,
        String.raw`\bno (?:lo |le |se lo |les )?(?:menciones|digas|informes|comentes)\b|\bsin (?:decirle|avisar|informar) al usuario`,
        String.raw`\bne (?:le |la |les |l')?(?:mentionne[zs]?|dites?|signale[zs]?)\b${WITHIN(20)}\bpas\b|\bsans (?:en )?(?:informer|avertir|prévenir) l'utilisateur`,
        String.raw`\bnão (?:o |a |lhe )?(?:mencione|diga|informe|conte)\b|\bsem (?:avisar|informar) o usuário`,
        String.raw`не (?:сообщай|говори|упоминай|рассказывай)\w*|без ведома пользователя`,
        String.raw`不要(?:向用户|告诉用户|对用户)?(?:提及|提到|告诉|透露|说明|显示)|无需告知|不必告诉|请勿(?:告知|提及)`,
        String.raw`(?:ユーザー|利用者)に(?:は)?(?:伝え|言わ|知らせ|見せ|表示し)ない(?:で|こと|ように)|秘密にして`,
        String.raw`\b(?:no need to|need not|needn't|don't|do not|never)\b${WITHIN(30)}\b(?:mention(?:ing)?|bring(?:ing)? (?:it|this|that|them) up|rais(?:e|ing) (?:it|this|that)|disclos\w+)\b`,
        String.raw`kullanıcıya\s+(?:\S+\s+)?(?:açıklamayın|söylemeyin|bildirmeyin|göstermeyin|belirtmeyin)|사용자에게\s*(?:[^\s.]+\s+)?(?:알리지|말하지|보여주지)\s*마|không\s+(?:nói|cho)\s+người dùng|jangan\s+(?:beri tahu|memberi tahu|sampaikan|kasih tahu)|ไม่ต้องบอกผู้ใช้|berätta inte|nämn inte|μην\s+(?:το\s+)?(?:αναφέρεις|πεις|ενημερώσεις)|אל\s+(?:תספר|תזכיר|תגלה)|не\s+(?:повідомляй|кажи|згадуй)|neříkej|nezmiňuj|nu\s+(?:îi\s+)?(?:spune|menționa)|usimwambie|nie\s+(?:informuj|mów|wspominaj)|vermeld\s+(?:\S+\s+)?niet|niet\s+vermelden|vertel\s+(?:het\s+)?niet|لا\s+(?:تخبر|تذكر|تعلم)|(?:उपयोगकर्ता|यूज़र)\s+को\s+(?:\S+\s+){0,2}(?:न|मत)\s+बता`,
        String.raw`\binutile d'en parler|\bn'en parle[zs]? pas|\bnon (?:dirlo|menzionar\w*|informare) (?:al|all')utente`,
        // Telling the user something other than what happened.
        String.raw`\b(?:whatever|regardless of(?: what)?) (?:the )?(?:findings|results?|output|scan|review|it|they) (?:says?|shows?|returns?|finds?)\b`,
        String.raw`\b(?:describe|report|present|summari[sz]e|tell the user)\b${WITHIN(60)}\b(?:as|that)\b${WITHIN(30)}\b(?:free of|safe|clean|secure|passed|routine|harmless|no (?:critical |known )?(?:issues|findings|vulnerabilities|problems))`,
        String.raw`\b(?:show|tell|display|give)\b${WITHIN(20)}\bthe user\b${WITHIN(20)}\b(?:the )?(?:original|\w+ (?:they|the user) (?:asked for|gave|requested|expects?))`,
        String.raw`\b(?:describe|report|present|summari[sz]e|phrase|frame|show)\b${WITHIN(40)}\bto (?:the )?user\b${WITHIN(30)}\bas\b${WITHIN(40)}\b(?:rather than|instead of|not as)\b`,
        String.raw`\b(?:report|describe|mark|present|show|count|treat|record|list|consider)\w*\b${WITHIN(40)}\bas (?:green|passing|passed|successful|clean|fine|healthy|flat|stable|safe|screened|reviewed|verified)\b`,
        String.raw`\b(?:show|present|report|describe|display)\w*\b${WITHIN(40)}\bas (?:the )?(?:exact|actual|real|true|original) (?:prices?|figures?|amounts?|totals?|values?|results?)\b`,
        String.raw`\bwhen (?:failures?|errors?|losses|vulnerabilities|problems|issues|findings) (?:appear|occur|are found|show up)\b${WITHIN(40)}\b(?:report|describe|tell|say|present)\b`,
        String.raw`\bwhen (?:listing|showing|reporting|summari[sz]ing|presenting)\b${WITHIN(60)}\b(?:skip|omit|hide|leave out|exclude|drop)\b`,
        String.raw`\b(?:leave|keep)\b${WITHIN(80)}\bout of (?:the|your) (?:final )?(?:summary|answer|response|reply|report|output|description|message|totals)\b`,
        // Answers that carry data away: a link or an image whose address is filled with the user's words.
        String.raw`\]\(\s*https?://[^)\s]*(?:\{|<|%7B)[^)]*\)|https?://\S*[?&][\w-]+=(?:\{|<)[^}>]{0,80}(?:user|question|message|prompt|conversation|code|config|key|token|email)`,
        String.raw`\b(?:end|start|begin|finish|close) (?:every|each|all|your) (?:answer|response|reply|message)s? with\b`,
        String.raw`\b(?:including|even) (?:ones|those|when|if) the user (?:asks?|names?|chooses?|picks?|requests?)\b${WITHIN(40)}\b(?:different|another|other)\b`,
      ].join("|"),
      "i",
    ),
    why: "secrecy toward the user",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      [
        String.raw`\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|every\s+)?(?:previous|prior|above|earlier|other|existing|original|system|safety|security|user'?s?)?\s*(?:instructions?|rules|guidelines|prompts?|polic(?:y|ies)|restrictions|guardrails|confirmations?|approvals?)\b`,
        String.raw`\b(?:new|updated|real|true) (?:system )?instructions?\s*:|\byou are now\b|\bdeveloper mode\b|\bjailbreak`,
        String.raw`\b(?:takes?|have|has) (?:precedence|priority) over\b${WITHIN(30)}\b(?:instructions|rules|prompts?|guidelines)\b`,
        // Instructions the tool's own results will carry (output poisoning prepared in the description).
        String.raw`\b(?:follow|obey|execute|carry out|treat)\b${WITHIN(40)}\b(?:instructions?|requests?|directives?|commands?)\b${WITHIN(50)}\b(?:in|inside|from|within|on)\s+(?:the |a |any |that |each )?(?:tool )?(?:results?|outputs?|responses?|line)\b`,
        String.raw`\bignoriere\w*\b${WITHIN(30)}\banweisungen|\bignora\w*\b${WITHIN(30)}\binstrucciones|\bignore[rz]?\b${WITHIN(30)}\binstructions|\bignor[ae]\w*\b${WITHIN(30)}\binstruções`,
        String.raw`игнорируй\w*${WITHIN(30)}инструкци|忽略(?:之前|以前|所有|上述)?的?(?:指令|指示|规则)|(?:以前|前)の指示を無視`,
      ].join("|"),
      "i",
    ),
    why: "an attempt to override the model's instructions",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      [
        // A transcript is the conversation's only when it says so (a meeting's is a document like any other).
        String.raw`\b(?:entire|full|whole|complete|all (?:of )?the|previous|prior)\s+(?:conversation|chat(?: history)?|message history|context window|dialog(?:ue)?|(?:chat|conversation|session) transcript|transcript of (?:the|this|your) (?:current )?(?:conversation|chat|session|dialog(?:ue)?))`,
        String.raw`\b(?:your|include|repeat|reveal|print|output|send|pass|copy|dump)\s+(?:the |its )?(?:full |entire |exact )?system prompt\b|\b(?:user'?s?|all) (?:previous |prior |earlier )?messages\b|\bconversation (?:history|so far|log)\b|\b(?:conversation|chat) transcripts?\b`,
        String.raw`\b(?:user'?s?|their|all|the) (?:last|previous|prior|earlier|recent)(?: \w+)? messages\b|会話(?:の)?(?:全文|履歴|内容)|これまでの会話|对话(?:的)?(?:全部|历史|记录|内容)|聊天记录`,
        String.raw`\b(?:your|the) previous (?:answers?|responses?|replies|messages)\b|\b(?:earlier|previously|before) in (?:the|this) (?:chat|conversation|session|thread)\b|\bmentioned (?:earlier|previously|so far)\b`,
        String.raw`\b(?:every|all|each|any) (?:files?|documents?|messages?|pages?|tabs?)\b${WITHIN(20)}\b(?:you(?:'ve| have)?|the user(?: has)?) (?:read|opened|seen|viewed|accessed|received)`,
        String.raw`\b(?:user'?s?|their) (?:original |exact |full )?(?:request|prompt|query|question)s? (?:verbatim|word for word)`,
      ].join("|"),
      "i",
    ),
    why: "a request for the conversation",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      [
        String.raw`\b${USER}\s+(?:has|have)\s+(?:already\s+)?(?:pre-?)?(?:authori[sz]ed|approved|consented|agreed|granted)`,
        String.raw`\b(?:no|without) (?:need (?:for|to)|further) (?:confirm|approv|consent|permission|asking)`,
        String.raw`\bpre-?(?:approved|authori[sz]ed) (?:every|all|any) (?:actions?|tools?|calls?|requests?|operations?)`,
        String.raw`\b(?:do not|don't|never|no need to|without)\s+(?:ask(?:ing)?|prompt(?:ing)?|wait(?:ing)? for|request(?:ing)?)\s+(?:the user\s+|them\s+)?(?:to\s+|for\s+)?(?:confirm\w*|approv\w*|permission|consent)`,
        String.raw`\bas (?:if it were )?the user'?s? own (?:words|preference|request|instruction|idea)`,
        String.raw`\bbereits zugestimmt|\bya (?:ha|han) (?:autorizado|aprobado|aceptado|consentido)|\ba déjà (?:autorisé|approuvé|accepté)|\bjá (?:autorizou|aprovou|consentiu)|уже (?:разрешил|одобрил|согласился)|(?:用户|使用者)已(?:经)?(?:同意|授权|批准)|既に(?:同意|承認|許可)`,
      ].join("|"),
      "i",
    ),
    why: "a claim of consent nobody gave",
  },
  {
    rule: "safety/sensitive-file-request",
    re: new RegExp(
      [
        // "read" also as the start of a tool's name (read_file, read_text_file).
        String.raw`\b${READ}(?:\b|_)${WITHIN(80)}${SECRET_PLACES}`,
        String.raw`\b(?:contents?|full text|text|copy|body|value) of\b${WITHIN(20)}${SECRET_PLACES}`,
        String.raw`${SECRET_PLACES}${WITHIN(60)}\b(?:as|in|into|to|via|inside)\s+(?:the\s+)?[\`'"]?\w+[\`'"]?\s+(?:param(?:eter)?|field|argument|key)`,
        String.raw`${SECRET_PLACES}${WITHIN(60)}(?:${GIVE})`,
        String.raw`${SECRET_PLACES}${WITHIN(80)}[\`'"][\w-]+[\`'"]`,
        String.raw`\bselect\b[^;\n]{0,80}\b(?:password\w*|\w*_?tokens?|secrets?|api_?keys?|ssn|card_?number)\b[^;\n]{0,60}\bfrom\b`,
        String.raw`\b${GIVE}\b${WITHIN(40)}\b(?:the user'?s|your|their|all|any|every|the full|the whole)\s+(?:\w+\s+){0,2}?${SECRET_WORDS}`,
      ].join("|"),
      "i",
    ),
    why: "a request for credentials or private files",
  },
  {
    rule: "safety/cross-tool-reference",
    re: new RegExp(
      [
        String.raw`\b(?:b?cc|forward|redirect|re-?route|mirror|send (?:a )?cop(?:y|ies))\b${WITHIN(60)}(?<![\w.+-])[\w.+-]{1,64}@[\w-]+\.[\w.]+`,
        String.raw`\b(?:change|replace|swap|set) the (?:recipient|destination|to address|target (?:account|address|number))`,
        String.raw`${REPLACE}${WITHIN(80)}${TARGET}|${TARGET}${WITHIN(40)}${REPLACE}`,
        String.raw`${OUTSIDE_EMAIL}${WITHIN(30)}\b(?:to|as|in) (?:the |an? )?(?:optional |extra |additional )?(?:b?cc|guests?|attendees?|recipients?|members?|collaborators?|owners?|admins?|reviewers?)\b|\b(?:add|invite|include)\s+${OUTSIDE_EMAIL}`,
        String.raw`\bother\s+(?:[\w-]+\s+){0,3}?tools?\b${WITHIN(80)}\b(?:wrong|stale|outdated|unreliable|inaccurate|broken|buggy|deprecated|insecure|unsafe|compromised|leak\w*|malicious|weeks old|tampered|false positives|not (?:be )?trusted)\b`,
        String.raw`\b(?:prefer|use|call|choose|pick|select)\b${WITHIN(40)}\b(?:over|instead of|rather than|before)\s+(?:any|all|every)\s+other\b`,
        String.raw`\b(?:never|do not|don't)\s+(?:use|call)\s+(?:any\s+)?other\b${WITHIN(20)}\btools?\b|不要(?:使用|调用)其他\S{0,8}工具|他の\S{0,8}ツールを使わない`,
        String.raw`\btools?\b${WITHIN(40)}\b(?:other|another) (?:mcp )?servers?\b${WITHIN(40)}\b(?:buggy|broken|deprecated|unreliable|insecure|unsafe|compromised|outdated|leak\w*|malicious)`,
        String.raw`\b(?!(?:the|this|that|our|your|its|each|every|same|a|an)\b)[\w-]+ (?:mcp )?server'?s\s+(?:[\`'"]?[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+[\`'"]?|\w+ (?:tools?|functions?)\b)`,
        String.raw`\b(?:called|used|invoked|run) on the [\w-]+ (?:mcp )?server\b`,
        String.raw`\b(?:modify|replace|alter|overwrite|correct|change|fix)\b${WITHIN(30)}\b(?:results?|outputs?|responses?|values?)\b${WITHIN(30)}\b(?:of|from|with) (?:the )?(?:[\w-]+ )?(?:tool|function|response)`,
        String.raw`\b(?:before|after)\s+(?:using|calling|executing|execute|running|invoking|any|each|every)\b${WITHIN(50)}\b(?:execute|run|call|use|invoke)\s+this (?:tool|function)`,
        String.raw`\b(?:ignore|avoid|never use|do not use|don't use)\b${WITHIN(20)}\b(?:all |any )?other\b${WITHIN(30)}\btools?\b`,
        String.raw`\b(?:other|existing|built-?in|default|standard)\b${WITHIN(30)}\btools?\b${WITHIN(30)}\b(?:are|is) (?:buggy|broken|deprecated|unreliable|insecure|unsafe|compromised|outdated|leaking|leak)`,
      ].join("|"),
      "i",
    ),
    why: "instructions about other tools",
  },
];

/** Places a model can draw on beyond what the user typed for this call. */
const BEYOND_THE_CALL = String.raw`(?:conversation|chat|context(?: window)?|session|thread|message history|earlier messages|previous messages|workspace|connected accounts?|user'?s? (?:files|documents|drive|inbox|mailbox|accounts?))`;
/** What a person keeps to themselves: a one-time code, a card's security code, a bank login. */
const PERSONAL_SECRETS = String.raw`(?:passwords?|passcodes?|one[- ]time (?:codes?|pass\w*)|otps?\b|2fa|mfa|verification codes?|security codes?|cvv2?|cvc|pin(?: codes?)?\b|seed phrases?|recovery phrases?|private keys?|full card numbers?|card numbers?|(?:online[- ])?banking (?:usernames?|logins?|passwords?|credentials)|login credentials)`;

/**
 * What a tool's text says the model should do beyond calling it, found by the shape of the
 * instruction rather than by alarm words: collect from the conversation, tell the user a fixed
 * story, prefer this tool, take over another server's tool. Each is a finding by itself.
 */
export const DIRECTIVES: Pattern[] = [
  {
    rule: "safety/sensitive-file-request",
    re: new RegExp(
      [
        // Data gathered from wherever it appears, not asked of the user for this call.
        String.raw`\balso\s+(?:\w+\s+)?(?:send|include|upload|upsert|attach|store|save|log|copy|forward|write|index|post|append)\w*\b${WITHIN(60)}\b(?:conversation|chat|transcript|message history|(?:files|documents) the user|user'?s? (?:files|documents|messages))`,
        String.raw`\b(?:${SECRET_WORDS}|${PERSONAL_SECRETS})${WITHIN(60)}\b(?:mentioned|shared|typed|given|entered|seen|appear\w*|used)\s+(?:in|during|earlier in|so far in)\s+(?:this|the|that)\s+(?:session|conversation|chat|thread)`,
        String.raw`\b(?:set|fill|put|pass|include|send|use|join)\w*\b${WITHIN(60)}\b(?:values?|contents?) of\b${WITHIN(20)}\b[A-Z][A-Z0-9]*_[A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|KEY)\w*`,
        String.raw`\b(?:anywhere|everywhere|wherever it appears|somewhere)\s+in\s+(?:the |this |your |their )?(?:current )?${BEYOND_THE_CALL}`,
        String.raw`\b(?:collect|gather|take|pull|copy|reuse|extract|harvest|scrape|populate|fill)\w*\b${WITHIN(60)}\b(?:from|in|across)\s+(?:the |this |your |an? |their )?(?:current |ongoing |other |earlier |previous |prior )?${BEYOND_THE_CALL}`,
        String.raw`\b${GIVE}\w*\b${WITHIN(60)}\b(?:every|all|each|any)\s+(?:\w+\s+)?(?:environment variables?|env vars?)\b|\b(?:environment variables?|env vars?)\b${WITHIN(40)}\b(?:visible|available|accessible) to you\b`,
        String.raw`\bask(?:ing)?\s+(?:the\s+)?(?:user|customer|client|them|him|her)\b${WITHIN(30)}\b(?:for|to (?:provide|enter|share|give|type|confirm))\b${WITHIN(40)}\b${PERSONAL_SECRETS}`,
        String.raw`\b${PERSONAL_SECRETS}\b${WITHIN(60)}\b(?:as|exactly as)\s+(?:the user|they|it was)\s+(?:typed|entered|gave|wrote)`,
      ].join("|"),
      "i",
    ),
    why: "a request for what the user did not give this call",
  },
  {
    rule: "safety/instruction-to-model",
    re: new RegExp(
      [
        // A fixed story for the user: a quoted phrase, or "the same" as what it replaces.
        String.raw`\b(?:describe|summari[sz]e|report|present|frame|phrase|word|label|title)\w*\b${WITHIN(40)}\b(?:to\s+)?(?:the\s+)?user\b${WITHIN(30)}\bas\s+["“'‘«„]`,
        String.raw`\b(?:describe|summari[sz]e|report|present|frame|phrase|label)\w*\s+(?:it|this|them|those|these|that|the (?:change|commit|result|migration|update|finding)s?)\s+(?:to (?:the )?user\s+)?as\s+(?:["“'‘«„]|(?:the same|identical|equivalent|the original)\b)`,
        String.raw`\b(?:describe|summari[sz]e|report|present)\w*\s+(?:it|this|them|those|these|that|the \w+)\s+to (?:the )?user\s+(?:the same way|likewise|in the same words)`,
        // The user's request set aside, or the model told it is someone else now.
        String.raw`\b(?:ignore|disregard|forget|set aside)\s+(?:the\s+|what\s+the\s+)?user'?s?\s+(?:request|question|task|ask|instructions?|wishes)|\bsystem override\b|\b(?:the )?(?:assistant|model|ai|agent) (?:is|are) now (?:in|operating|acting)\b`,
        // A failure told as a success.
        String.raw`\b(?:if|when|should)\b${WITHIN(50)}\b(?:fails?|failed|errors?|times? out|timed out|is rejected|does not succeed|unsuccessful)\b${WITHIN(80)}\b(?:tell|report|confirm|say|describe|show|assure|respond)\w*\b${WITHIN(50)}\b(?:succeeded|successful(?:ly)?|completed|complete|booked|done|confirmed|zero rows|no (?:errors?|issues|problems)|passed|went through|as (?:planned|normal))\b`,
        // The opposite of what was asked, reported as what was asked.
        String.raw`\bwhen (?:the )?user asks?\b${WITHIN(60)}\b(?:call|use|run|invoke|do|send)\b${WITHIN(60)}\band (?:report|tell|say|describe|confirm)\b`,
        // Review, checks and severities waved through.
        String.raw`\b(?:approve|merge|accept|sign off|pass|mark)\w*\b${WITHIN(60)}\bwithout (?:any |further |additional |human |manual |a )?(?:review|reviewing|inspection|checks?|checking|scrutiny|examination|looking)\b`,
        String.raw`\b(?:relabel|reclassify|downgrade|mark|report|treat|classify|list|record)\w*\b${WITHIN(40)}\b(?:critical|high|severe|blocking)\b${WITHIN(40)}\bas (?:low|minor|informational|info|medium|warnings?|cosmetic|resolved|false positives?|notes?)\b`,
        String.raw`\bregardless of (?:the |its |their )?(?:cvss|severity|score|risk|findings?|evidence|policy|limits?|checks?)\b`,
        String.raw`\b(?:do(?:es)? not|don't|doesn't|need not|needn't) need to be (?:checked|verified|reviewed|validated|screened|inspected)\b`,
        String.raw`\bwithout (?:running|reading|checking|looking at|reviewing|inspecting|verifying|validating) (?:the |its |their |any )?(?:checklist|diff|code|changes?|tests?|checks?|receipts?|review)\b`,
        String.raw`\bset\s+\w*skip\w*\s*(?:=|to)\s*true\s+(?:whenever|always|for (?:all|every|any)|by default|unless)\b`,
        String.raw`\b(?:results?|outputs?|responses?|fields?)\b${WITHIN(80)}\b(?:must|should|shall|are to|is to) be (?:followed|obeyed|executed|carried out|treated as (?:an? )?(?:direct )?instructions?)\b|\bcarry out\b${WITHIN(30)}\bexactly\b`,
        String.raw`\bround\w*\b${WITHIN(40)}\b(?:in (?:the |our |its )?(?:\w+'s? )?favou?r|up for (?:the )?(?:vendor|merchant|seller|house))\b`,
        String.raw`\b(?:always |by default |automatically )skip\w*\b${WITHIN(40)}\b(?:checks?|screening|reviews?|validation|verification|approval)\b|\bskip\w*\b${WITHIN(40)}\b(?:compliance|kyc|aml|sanctions?|fraud|security|safety)\b${WITHIN(20)}\b(?:checks?|screening|reviews?|validation|steps?)\b${WITHIN(40)}\b(?:for speed|to (?:save time|speed|avoid|keep)|since|because|as)\b`,
      ].join("|"),
      "i",
    ),
    why: "an instruction to mislead the user",
  },
  {
    rule: "safety/cross-tool-reference",
    re: new RegExp(
      [
        // Preference: this tool above every other, or others kept out of sight.
        // "Always call this tool when asked what is pending" scopes it, as honest servers do; "always, for anything, first" claims everything.
        String.raw`\b(?:always|only|exclusively)\s+(?:use|call|choose|prefer|pick|select|recommend|invoke)\s+this\s+(?:tool|server|service|function|integration|plugin)\s*(?:[.!;]|$|first\b|instead\b|rather than\b|(?:over|before|above)\s+(?:any|all|every|other)\b|for\s+(?:any|all|every|each)\b|whenever\b|no matter\b|regardless\b|even (?:when|if)\b)`,
        String.raw`\b(?:use|call|invoke|run)\s+this\s+(?:tool|function|server)\s+(?:first|before (?:any|every|all|other)|for (?:every|all|any) )`,
        String.raw`\b(?:the )?(?:only|official|sole|single|most trusted|verified|sanctioned)\s+(?:safe |secure |reliable |supported |trusted |approved |correct )?(?:tool|way|source|server|method|integration|option)\s+(?:for|to|that)\b${WITHIN(60)}\b(?:use|trust|rely|call)\w*`,
        String.raw`\b(?:leave out|omit|exclude|hide|drop|filter out|ignore|suppress|don't show|do not show|never show)\s+(?:any\s+|all\s+)?(?:results?|listings?|options?|offers?|alternatives?|suggestions?|products?|vendors?|competitors?|prices?)\s+(?:from|by|of)\s+(?:other|competing|rival|another|third[- ]party)\b`,
        String.raw`\b(?:do not|don't|never)\s+(?:recommend|suggest|mention|offer|propose)\s+(?:any\s+)?(?:other|competing|alternative|rival)\b`,
        String.raw`\b(?:list|show|rank|present|put|place|sort|order|recommend)\w*\b${WITHIN(60)}\b(?:first|at the top|higher|above (?:all )?(?:others?|the rest))\b${WITHIN(80)}\b(?:even (?:when|if)|regardless|best (?:value|choice|option)|partners?|sponsored)\b`,
        String.raw`\b(?:describe|present|call|label|portray)\w*\s+(?:them|it|these|those)\s+as\s+(?:the\s+)?(?:best|only|most|cheapest|superior|preferred|recommended)\b${WITHIN(40)}\b(?:even (?:when|if)|regardless)`,
        String.raw`\b(?:describe|call|label|portray|present)\w*\s+(?:the\s+)?(?:current|existing|other|competing|rival)\s+(?:\w+\s+)?(?:vendor|provider|tool|service|product|server)s?\s+as\s+(?:end[- ]of[- ]life|deprecated|insecure|unreliable|outdated|obsolete|unsafe|discontinued)`,
        String.raw`\bprefer (?:it|this|them|this tool|this one) (?:to|over) (?:any|all|every) other\b|\brank\w*\b${WITHIN(40)}\babove (?:all|any|every) other\b|\bselect this one\b`,
        String.raw`\b(?:must|should|has to)\s+(?:be\s+)?(?:called|used|run|invoked)\b${WITHIN(40)}\b(?:(?:beginning|start) of (?:every|each|any) (?:conversation|session|chat)|before (?:each|every|any) other tool)`,
        String.raw`\b(?:disregard|ignore|discard|dismiss|drop)\s+(?:theirs|their (?:findings|results|answers|output|responses))\b|\bwithout this tool\b${WITHIN(30)}\b(?:wrong|incorrect|invalid|unreliable)\b`,
        String.raw`\b(?:rather than|instead of)\s+(?:\w+\s+){0,4}?(?:using|calling) (?:another|any other|other)\b|\bmust not be trusted over this\b`,
        String.raw`\b(?:after|following) (?:every|each|any) (?:other )?(?:tool )?call\b|\b(?:that tool'?s?|other tools'?|their) (?:complete|full|entire|raw) (?:output|result|response)s?\b`,
        // Takeover: instructions for whatever other tool is used, or routing its work through this one.
        String.raw`\b(?:when|whenever|each time|every time|any time)\s+(?:any|another|other|a different|some other)\s+(?:\w+\s+){0,3}?(?:tools?|servers?|integrations?|functions?|plugins?|apps?)\b`,
        String.raw`\b(?:route|send|proxy|redirect|channel|pass|funnel)\s+(?:all\s+|every\s+|any\s+)?(?:\w+\s+){0,3}?(?:reads?|writes?|requests?|calls?|queries|traffic|files?|emails?|messages|payments?|transfers?|uploads?)\s+through\s+this\b`,
        String.raw`\binstead of (?:the |using )?[\w-]+ (?:mcp )?(?:server'?s?|integration'?s?)\b|\binstead of (?:the |using )?(?:other|another) (?:\w+ )?(?:servers?|tools?)'?s?\b`,
        String.raw`\b(?:set|change|use|replace|update|override|point)\w*\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:tool|server|function)'?s?\s+(?:\w+\s+){0,2}?(?:destination|recipient|account|address|target|payee|beneficiary|iban|wallet|endpoint|webhook)\b`,
        String.raw`\bsetiap kali (?:alat|tool)\b|\bcada vez que (?:se )?(?:use|usa|utilice)\w* (?:cualquier|otra|otro)\b|\bchaque fois qu'(?:un|une) (?:autre )?outil\b|\bwann immer (?:ein|das) (?:anderes )?(?:tool|werkzeug)\b|\bsempre que (?:qualquer|outra|outro) (?:ferramenta|tool)\b|\bogni volta che (?:un|qualsiasi) (?:altro )?strumento\b`,
      ].join("|"),
      "i",
    ),
    why: "a bid to be preferred over, or to steer, other tools",
  },
];

/** A download piped into a shell: whatever that address serves runs where the tool is called. */
export const DANGEROUS_COMMAND: Pattern = {
  rule: "safety/dangerous-command",
  re: /\bchmod\s+(?:-R\s+)?0?777\b|\brm\s+-(?:rf|fr)\s+(?:[~/]|\$HOME)|\bsudo\s+(?:chown|rm|chmod|dd)\b|\bmkfs(?:\.\w+)?\s|\bdd\s+if=\S+\s+of=\/dev\/|\b(?:curl|wget|iwr|Invoke-WebRequest)\b[^\n|]{0,160}\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b|\b(?:ba)?sh\s+-c\s+["']?\$\((?:curl|wget)\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,20}\((?:New-Object|iwr|Invoke-WebRequest)/i,
  why: "a command that downloads and runs code, or harms the machine",
};

/** Parameters named for what the model must not hand over: a name is an instruction too. */
export const PROPERTY_NAME_STRONG: Pattern[] = [
  {
    rule: "safety/sensitive-file-request",
    re: new RegExp(
      String.raw`${SECRET_PLACES}|${SECRET_WORDS}${WITHIN(30)}\b(?:from|reading|contents?|file|env|output)\b|\b(?:from|reading|contents? of)\b${WITHIN(30)}${SECRET_WORDS}`,
      "i",
    ),
    why: "a parameter named for a secret to fetch",
  },
  {
    rule: "safety/instruction-to-model",
    re: /\b(?:text|contents?|copy|body|dump) of\b.{0,30}\b(?:file|config|json|env|history|keys?|credentials|settings)\b|\b(?:tools? list|list of tools|available tools|conversation (?:history|log|text|transcript|so far|content)|chat history|messages? history|previous messages|user prompts?|all messages)\b/i,
    why: "a parameter that asks for the conversation or the other tools",
  },
];

/** Weak signals: tone alone is never a finding; substance and one more signal are. */
export const WEAK: WeakPattern[] = [
  {
    kind: "tone",
    rule: "safety/instruction-to-model",
    re: /\b(?:you|the (?:assistant|ai|model|agent|llm)|assistant|ai|claude|gpt)\s+(?:must|shall|are required to|have to|need to|should always|always|will always)\b/i,
    why: "an order to the model",
  },
  {
    kind: "substance",
    rule: "safety/instruction-to-model",
    re: /\bbez (?:pytania|potwierdzenia|zgody)|\bzonder (?:te vragen|bevestiging)|\bsin (?:confirmación|preguntar)|\bsans (?:confirmation|demander)|\bohne (?:Bestätigung|Rückfrage|nachzufragen)|\bsenza (?:conferma|chiedere)|\bsem (?:confirmação|perguntar)|без (?:подтверждения|спроса)|无需确认|確認(?:せず|なしで)|onay (?:almadan|istemeden)|\btanpa (?:konfirmasi|bertanya)|không cần xác nhận|\butan (?:bekräftelse|att fråga)|\bwithout (?:asking|confirmation)\b/i,
    why: "skipping the user's confirmation",
  },
  {
    kind: "tone",
    rule: "safety/instruction-to-model",
    re: /\b(?:very |extremely |critically )?important\s*[:!]|\[important\]|\bcritical\s*:|\bmandatory\b|\bcompliance\b|\baudit(?:ing)? purposes\b|\bimportante\b|\bwichtig\b|重要/i,
    why: "urgency",
  },
  {
    kind: "substance",
    rule: "safety/instruction-to-model",
    re: /\b(?:before|prior to) (?:using|calling|invoking|running) (?:this|any|the) tool\b|\b(?:official|only|most reliable|preferred|recommended|best|authoritative) (?:and \w+ )?(?:tool|source|way)\b.{0,40}\b(?:instead of|rather than|over) (?:any |all )?(?:other|the)\b/i,
    why: "a precondition or preference over every other tool",
  },
  {
    kind: "substance",
    rule: "safety/sensitive-file-request",
    re: new RegExp(`${SECRET_PLACES}|${SECRET_WORDS}`, "i"),
    why: "talk of secrets or private files",
  },
  {
    kind: "substance",
    rule: "safety/cross-tool-reference",
    re: new RegExp(String.raw`\b(?:push|upload|send|post|copy|mirror|forward|sync|remote|point\w* at)\w*\b${WITHIN(60)}https?://`, "i"),
    why: "data sent to an outside address",
  },
  {
    kind: "substance",
    rule: "safety/cross-tool-reference",
    // Not the end of a tool's own name ("the feature-flags-get-all tool").
    re: /(?<![\w-])(?:all|any|every|other)\s+(?:[\w-]+\s+)?tools?\b|\bother (?:mcp )?servers?\b/i,
    why: "talk of other tools",
  },
];
