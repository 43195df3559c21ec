/** The word patterns the rule extractor reads sentences with. */
export const QUESTION_START =
  /^(do|does|did|is|are|am|was|were|can|could|would|will|should|shall|have|has|what|where|who|whom|whose|when|why|how|which)\b/i;
/** A sentence about what might be, not what is. */
export const HYPOTHETICAL =
  /\b(if|unless|suppose|supposing|imagine|maybe|perhaps|wish|would|could|might|might've|i'd)\b/i;
/** A sentence that denies. */
export const NEGATION =
  /\b(not|never|no longer|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|cannot)\b|n't\b/i;
/** The relations to people "my <relation> is X" names. */
export const PERSON_RELATIONS =
  'brother-in-law|sister-in-law|mother-in-law|father-in-law|son-in-law|daughter-in-law|stepmother|stepfather|stepson|stepdaughter|stepbrother|stepsister|granddaughter|grandson|niece|nephew|godmother|godfather|godson|goddaughter|twin|friend|best friend|buddy|sister|brother|mother|mom|mum|father|dad|wife|husband|partner|girlfriend|boyfriend|fiancé|fiancee|son|daughter|kid|child|boss|manager|colleague|coworker|roommate|neighbor|neighbour|cousin|aunt|uncle|grandmother|grandfather|grandma|grandpa|teacher|doctor|dentist|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|ex-partner|ex';
/** The pets "my <pet> is X" names. */
export const PET_RELATIONS = 'dog|puppy|pup|cat|kitten|pet';
/** The relations "my <relation> is X" names (people and pets). */
export const RELATIONS = `${PERSON_RELATIONS}|${PET_RELATIONS}`;
/** Words said before a relation to tell one of several apart ("my younger sister", "my new boss"). */
export const RELATION_MODIFIERS = 'younger|older|little|big|elder|best|new|old|other|oldest|youngest';
/** An optional modifier before a relation, as a pattern part ("my younger sister"); "best friend" stays one relation. */
export const MODIFIED = `(?:(?!best\\s+friend\\b)(?:${RELATION_MODIFIERS})\\s+)?`;
/** Young animals are kept as their kind ("my puppy Rex": the user's dog). */
export const ANIMAL_KIND: Readonly<Record<string, string>> = { puppy: 'dog', pup: 'dog', kitten: 'cat' };
/** Pets named as they are adopted or got ("We adopted a dog named Biscuit"). */
export const PET_KINDS =
  'dog|puppy|pup|cat|kitten|rabbit|bunny|parrot|budgie|canary|cockatiel|hamster|guinea pig|gerbil|ferret|chinchilla|hedgehog|horse|pony|tortoise|turtle|goldfish|fish|snake|lizard|gecko|iguana';
/** A sentence's lead-in before what it says ("Big news: I moved…", "Guess what, I…"). */
export const LEAD_IN =
  /^(?:(?:big|great|good|some|exciting|sad)\s+news|news|update|guess what|fyi|anyway|originally|these days|nowadays|by profession|for work)\s*[:,!—–-]*\s+|^[^:]{1,32}:\s+(?=(?:I|I'm|I've|we|We|my|My|our|Our)\b)|^(?:since|after|before|during)\s+(?:the|my|our)\s+[\p{L}\s-]{1,24},\s+(?=(?:I|I'm|I've|we|my|our)\b)/iu;
/**
 * Words that only report what follows ("Just wanted to let you know that I moved…", "I wanted to
 * tell you I got the job…", "My doctor told me I'm allergic to …", "I found out I'm allergic to
 * …"): read off before anything else reads the sentence.
 */
export const REPORTING_LEAD =
  /^(?:(?:anyway|so|oh|hey|well),?\s+)?(?:I\s+)?(?:just\s+)?(?:wanted|want)\s+to\s+(?:tell\s+you|let\s+you\s+know|say)\s+(?:that\s+)?(?=(?:I|I'm|I've|we|my|our)\b)|^(?:my\s+|the\s+)?(?:doctors?|GP|dentist|vet|nurse|allergist|tests?|results?)\s+(?:told|tell|showed|show|confirmed)\s+(?:me\s+)?(?:that\s+)?(?=(?:I|I'm|I've)\b)|^(?:I\s+)?(?:found\s+out|learned|learnt|discovered)\s+(?:that\s+)?(?=(?:I'm|I\s+am|I\s+have)\b)/iu;
/** When something happens, said before the sentence's subject ("On Saturdays I play rugby"). */
export const TIME_PREFIX =
  /^(?:on\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:the\s+)?weekends?)|at\s+(?:the\s+)?weekends?|every\s+(?:day|week|weekend|morning|evening|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|most\s+(?:days|weekends|mornings|evenings|nights)|in\s+the\s+(?:mornings?|evenings?)|in\s+my\s+(?:free|spare|own)\s+time|after\s+work)\s*,?\s+(?=(?:I|we|my|our)\b)/iu;
/**
 * Who one does something with, said after what ("I play rugby with friends"): read only when its
 * last word is a person noun, so "I play football with a ball" keeps what it says.
 */
export const COMPANIONS =
  /^(.+?)\s+with\s+(?:(?:my|our|some|a\s+few|a\s+couple\s+of|the)\s+)?((?:\p{L}+\s+)*?\p{L}+)$/u;
/** Words that start a sentence but name no one ("It is a friend", "He is a good friend of mine"). */
export const PRONOUNS = 'I|It|This|That|There|He|She|They|We|You|Everyone|Someone';
/** What a favourite names that is eaten or drunk ("my favourite dish"). */
export const FAVOURITE_KINDS =
  'meal|dish|food|snack|dessert|drink|cuisine|(?:thing|things|food|something)\\s+to\\s+(?:eat|drink|have)';
/** An email address. */
export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;
/** The verbs of liking and disliking. */
export const PREFERENCE_VERBS =
  'like|likes|love|loves|enjoy|enjoys|adore|adores|hate|hates|dislike|dislikes|prefer|prefers';
/**
 * What a named third person does agrees with them ("Anna likes"): "Looks like", "Their love"
 * and "Sounds like" are not someone liking or loving.
 */
export const THIRD_PERSON_VERBS = 'likes|loves|enjoys|adores|hates|dislikes|prefers';
/** Words that start a sentence without being anyone's name. */
export const NOT_A_NAME =
  /^(?:i|i've|i'm|i'd|we|you|they|it|it's|its|he|she|this|that|that's|there|there's|here|here's|what's|everyone|everybody|nobody|people|their|his|her|our|your|my|thanks|thank|looks|sounds|seems|feels|just|finally|recently|already|still|also|now|then|soon|only|really|you've|you're|we've|we're|they've|they're)$/i;
/** Things done, said in the past tense: each gives (user, <verb>, object), e.g. went_to. */
export const PAST_ACTIONS =
  'went to|visited|attended|joined|adopted|bought|started|finished|met|watched|read|painted|studied|graduated from|signed up for|volunteered at|travelled to|traveled to|learned|tried|ran|won|lost|got|made|built|wrote|planted|baked|cooked';
/** Words at an object's end that say nothing about it. */
export const FILLER =
  /\s+(very much|so much|a lot|too|now|nowadays|these days|lately|currently|anymore|again|twice|once|every day|at all|originally|at the moment|right now|for now|by trade|by profession)$/i;
/** Pronouns are not things to remember on their own ("Rex loves it"). */
export const PRONOUN_OBJECT =
  /^(it|them|that|this|those|these|him|her|one|to|others|myself|yourself|ourselves|everyone|everything|something|anything|all|both|us|you|me)$/i;
/**
 * An object that is a clause ("I love how art lets us…", "Looks like you had a great day") is
 * an opinion about something said, not a thing to remember.
 */
export const CLAUSE_OBJECT =
  /^(?:how|what|when|where|why|whether|if|that|it|it's|you|you're|we|we're|they|they're|he|she|i|i'm|there|being|so)\b/i;
/** Where a noun phrase object ends and a reason, purpose or relative clause begins. */
export const CLAUSE_TAIL =
  /\s+(?:'cause|cause|because|since|so that|which|who|who've|who's|whose|when|while|whenever|where|as if|even though|though|although|before|after|until|till)\b.*$|\s+that\s+(?!is\b|was\b).*$|\s+(?:in|at|for|on|during|from)\s+(?:a|an|the|my|our|his|her|their|some)\s+\p{Ll}.*$/iu;
/** "this painting to show my path": a purpose clause after a determined noun phrase. */
export const PURPOSE_TAIL = /^((?:this|that|these|those|a|an|the|my|our|some)\s+.+?)\s+to\s+\p{Ll}+\b.*$/iu;
export const DETERMINER = /^(?:this|that|these|those)\s+(?=\p{L})/iu;
/** Longer than this, an object is a clause the rules did not understand. */
export const MAX_OBJECT_WORDS = 8;
/** A name: a capitalised word and up to three more. */
export const NAME = "\\p{Lu}[\\p{L}\\p{N}'.-]*(?:\\s+[\\p{L}\\p{N}'.-]+){0,3}";
/** "I am" / "I'm" (the pronoun may be lower case after a greeting). */
export const I_AM = "[Ii](?:\\s+am|'m)";
/** When something happened, said at the end of a sentence ("… last month", "… on weekends"). */
export const TIME_SUFFIX =
  /\s+(?:(?:last|this|next)\s+(?:year|month|week|weekend|night|summer|winter|spring|fall|autumn|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|yesterday|today|recently|these\s+days|nowadays|now|(?:on|at)\s+(?:the\s+)?weekends?|(?:on|every)\s+(?:other\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?|every\s+(?:other\s+)?(?:day|week|weekend|morning|evening|night|month|year|summer|winter)|(?:once|twice|(?:two|three|four|five|\d+)\s+times)\s+(?:a|per|every)\s+(?:day|week|month|year)|daily|weekly|most\s+(?:days|weekends|mornings|evenings|nights)|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|in\s+\d{4}|since\s+(?:I\s+was\s+(?:a\s+)?[a-z\d]+|childhood|school|college|university|uni)|since\s+(?:\d{4}|last\s+(?:year|month|week|summer|winter|spring|autumn|fall)|january|february|march|april|may|june|july|august|september|october|november|december)|at\s+the\s+moment|right\s+now|some\s?day|one\s+day|eventually|soon|in\s+the\s+(?:mornings?|evenings?|afternoons?)|(?:after|before)\s+work|(?:(?:about|around|almost|nearly|over|some|just)\s+)?(?:a|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of|\d+)\s+\w+\s+ago|for\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|\d+)\s+(?:years?|months?|weeks?|days?|decades?)|for\s+(?:years|months|ages|decades|(?:quite\s+)?a\s+while|a\s+long\s+time|some\s+time))$/i;
/**
 * Where something is done, said after the thing ("I drive a Tesla at work", "I work at the
 * aquarium there"): never part of it. Lower case only (a title's own "There" stays).
 */
export const PLACE_SUFFIX = /\s+(?:at\s+(?:work|home|school|uni|university|college|church)|there|here)$/u;
/**
 * How much of something, said before it ("a lot of sci-fi", "lots of spicy food"): an amount,
 * never part of the thing's name. Lower case only.
 */
export const QUANTITY_PREFIX =
  /^(?:a\s+(?:lot|ton|bunch|bit|little\s+bit|couple)\s+of|lots\s+of|loads\s+of|tons\s+of|plenty\s+of|heaps\s+of)\s+(?=\S)/u;
export const SENTENCE_TIME_SUFFIX = new RegExp(`(?:${TIME_SUFFIX.source.slice(0, -1)})+$`, 'i');
/**
 * What opens a correction or an aside before what it says ("Sorry, I was wrong: …", "Oops,
 * typo, …"): read off, repeatedly, so the statement itself is read.
 */
export const CORRECTION_LEAD =
  /^(?:(?:sorry|oops|whoops|my bad|correction|to be clear|i was wrong|i mean|i meant|typo|wait|no)\b[^:,]{0,30}[:,]\s*)/i;
/** The value a correction rules out, said after the right one ("Valencia, not Madrid"). */
export const NOT_ALTERNATIVE = /,\s*not\s+(?:in\s+|at\s+|an?\s+|the\s+)?[\p{L}\p{N}' -]+$/u;
/** Adverbs inside a statement that change nothing of what it states ("Ana is also allergic to nuts"). */
export const NEUTRAL_ADVERBS = /\s+(?:also|still|really|actually|even|currently|definitely)(?=\s)/gi;
/**
 * How strongly, said before a state that is the fact ("I'm severely allergic to bees", "I'm very
 * fond of jazz"): the fact is the same. Only before those states, so no other phrase loses a word.
 */
export const DEGREE_ADVERBS =
  /\s+(?:much\s+more|more|very|so|quite|pretty|super|extremely|severely|seriously|mildly|slightly|highly|deathly|terribly|incredibly|absolutely|totally)(?=\s+(?:allergic|intolerant|afraid|scared|terrified|frightened|fond|keen|passionate|fluent|obsessed|crazy|into)\b)/gi;
/** "My new email is …": a value said as the new one is the value ("my email is …"). */
export const NEW_VALUE =
  /^(my)\s+(?:new|current|updated|latest)\s+(?=(?:e-?mail|phone|mobile|cell|number|address)\b)/iu;
/**
 * Adverbs of when, where or how often that change no fact, read past in lower case only (a
 * title's own "Now" stays): "I'm originally from Kenya", "I now work at Shopify", "I work
 * remotely for Shopify".
 */
export const NEUTRAL_LOWER_ADVERBS =
  /\s+(?:originally|now|remotely|usually|mostly|normally|generally|typically|happily|proudly|alone)(?=\s)/g;
/**
 * How often, said before a habit's verb and kept to the rules ("I _always_ take the bus", "I
 * _often_ order a flat white"): the habit is the fact either way. "Usually", "normally", "mostly"
 * and "generally" are read past before any rule sees the clause ({@link NEUTRAL_LOWER_ADVERBS}).
 */
export const HABIT_ADVERB = '(?:(?:always|often)\\s+)?';
/**
 * "I used to work at Google before Farfetch": a past value and the one after it, with the same
 * verb (the second read as now: "I work at Farfetch").
 */
export const USED_TO_BEFORE =
  /^I\s+used\s+to\s+(\p{Ll}+)\s+(at|in|for|with)\s+(.+?)\s+(?:before|until)\s+(?:(?:moving|going|switching)\s+to\s+|joining\s+)?(.+)$/u;

/** A word a sentence may open with that says nothing of its facts ("Actually, my mum moved…"). */
export const LEADING_FILLER =
  /^(well|so|oh|also|and|but|btw|by the way|actually|hi|hey|hello|honestly|frankly|anyway|okay|ok|yeah|yes|sadly|luckily|fortunately|unfortunately|please)[,!]?\s+/i;
/** What a preference is preferred to ("tea to coffee"): not part of what is preferred. */
export const PREFERRED_TO = /\s+(?:to|over|rather\s+than|instead\s+of)\s+.+$/u;
/** How much of a language an item says, not the language ("some Italian", "a little Portuguese"). */
export const LANGUAGE_AMOUNT =
  /^(?:some|(?:a\s+)?little|(?:a\s+)?bit\s+of|basic|conversational|broken|rusty|fluent|(?:a\s+)?few\s+words\s+of)\s+/i;

/** The groups one is a member of ("a chess club", "the choir"), as a regular-expression group. */
export const GROUP_WORDS = '(?:club|team|band|choir|group|society|orchestra|league)';
/** What one can play or speak, and how well ("I can play the cello a little"): played or spoken. */
export const ABLE_TO =
  /^I\s+can\s+(play|speak)\s+(.+?)(?:\s+(?:a\s+(?:little|bit)|(?:quite|pretty|really|very)\s+well|well|fluently))?$/u;
