import { canDescribe, isPersonNoun, isQuantity, readingsOf } from '../lexicon/kinds.js';
import { I_AM, NAME, NOT_A_NAME, PRONOUN_OBJECT } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { clean, jobTriples, objects, triple } from './rule-words.js';

/**
 * The rules about work, tried in this order within the rule table: employer and role in one
 * sentence, a new job, a promotion, being retired, a school, being employed, joining a company,
 * leaving a job.
 */
export const WORK_RULES: Rule[] = [
  {
    // The languages and tools one works with, each by its name: "I code in C++", "I program in
    // Rust and Go" (codes_in), "I write TypeScript" (writes), "I use Figma at work", "I use an
    // iPhone" (uses). A thing said in lower case ("I write poetry", "I use a laptop") is not read here.
    pattern:
      /^[Ii]\s+(?:(code|program|develop)\s+(?:mainly\s+|mostly\s+)?in|(write|use))\s+(?:(?:an?|the)\s+)?((?:\p{Lu}|\p{Ll}+\p{Lu}).*)$/u,
    build: (m) =>
      // "I use Spotify to listen to podcasts": what it is used for is not its name.
      // Nor is what it serves as ("I use Neovim as my editor").
      objects(clean((m[3] ?? '').replace(/\s+(?:to\s+\p{Ll}+\b|as\s+(?:my|our|a|an)\s+\p{Ll}).*$/u, '')))
        .filter((o) => /^(?:\p{Lu}|\p{Ll}+\p{Lu})/u.test(o))
        .map((o) =>
          triple('user', m[1] ? 'codes_in' : m[2] === 'write' ? 'writes' : 'uses', o, 'person', ''),
        ),
  },
  {
    pattern: /^[Ii]\s+work\s+(?:at|for)\s+(.+?)\s+as\s+(?:an?\s+)?(.+)$/u,
    build: (m) => jobTriples(m[1], m[2]),
  },
  {
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:started|begun|got|landed|accepted|took)\s+(?:a\s+|my\s+|the\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+(.+?)(?:\s+as\s+(?:an?\s+)?(.+))?$/u,
    build: (m) => jobTriples(m[1], m[2]),
  },
  {
    // The work itself, said of the job: "My job is nursing", "My occupation is a pilot", "My job is
    // being a teacher" (or job
    // title, role, position: "My job title is dentist"), "My
    // job is at Acme", "My employer is Acme" (or workplace, place of work, company, firm). What the job is like ("My job is stressful", "...
    // is fun"), its purpose ("My job is to ...") or an employer in lower case ("My employer is
    // strict") says nothing of what or where.
    pattern:
      /^[Mm]y\s+(?:current\s+|new\s+|day\s+|main\s+)?(job|job\s+title|role|position|occupation|profession|employer|workplace|place\s+of\s+work|company|firm)\s+is\s+(?:now\s+)?(?:(at|with)\s+)?(?:being\s+)?(?:an?\s+|the\s+)?(.+)$/u,
    build: (m) => {
      const what = clean(m[3]);
      if (NAMES_EMPLOYER.test(m[1] ?? '') || m[2]) return /^\p{Lu}/u.test(what) ? [employer(what)] : [];
      // "My job is in Leeds", "… in sales": where, or the trade; no role said.
      if (LEADING_PREPOSITION.test(what)) return [];
      const words = what.split(/\s+/);
      return words.length <= MAX_ROLE_WORDS && namesWork(words.at(-1) ?? '') ? [role(what)] : [];
    },
  },
  {
    // "I do accounting for a living", "... for work": what one does for a living is one's work.
    pattern: /^[Ii]\s+(?:do|am\s+doing)\s+(.+?)\s+for\s+(?:a\s+living|work)$/u,
    // One role, said whole ("design and marketing"): a job holds one value at a time.
    build: (m) => {
      const what = (m[1] ?? '').trim().replace(/^(?:an?|the)\s+/i, '');
      const said = what.length > 0 && what.split(/\s+/).length <= MAX_ROLE_WORDS;
      return said &&
        !isQuantity(what) &&
        !NOTHING.test(what) &&
        !(PRONOUN_OBJECT.test(what) && what === what.toLowerCase())
        ? [role(what)]
        : [];
    },
  },
  {
    // "I'm retired": no longer working, said as what one does now.
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii]\\s+(?:just\\s+)?(?:got|have|'ve))\\s+(?:now\\s+)?(retired|unemployed|self-employed|freelance|freelancing)$`,
      'u',
    ),
    build: (m) => [triple('user', 'works_as', (m[1] ?? '').replace(/ing$/, ''), 'person', 'role')],
  },
  {
    // "I go to Riverside Primary", "I attend Lincoln High School": a school by its name.
    nameFirst: true,
    pattern:
      /^I\s+(?:go\s+to|attend|study\s+at)\s+((?:\p{Lu}[\p{L}'.-]*\s+){0,3}(?:School|Primary|Elementary|High|Academy|College|University|Kindergarten|Nursery|Institute|Conservatory)(?:\s+(?:School|of\s+\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*)?))?)$/u,
    build: (m) => [triple('user', 'studies_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // "I just started working at Sony", "I got promoted to senior designer".
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?started\s+working\s+(?:at|for)\s+(.+?)(?:\s+as\s+(?:an?\s+)?(.+))?$/u,
    build: (m) => jobTriples(m[1], m[2]),
  },
  {
    pattern:
      /^[Ii](?:'ve|\s+have|\s+was|'m|\s+am)?\s+(?:just\s+|finally\s+|recently\s+)?(?:got\s+|been\s+|was\s+)?promoted\s+to\s+(?:an?\s+|the\s+)?(.+)$/u,
    build: (m) => [triple('user', 'works_as', clean(m[1]), 'person', 'role')],
  },
  {
    // Being employed or hired, by whom and as what: "I'm employed at Acme", "I was hired by Acme as
    // a nurse", "I'm employed as a nurse", "I've been employed with Acme". "Employed in" may name
    // a trade or a town ("in retail", "in Lyon"), no employer; "I was employed at Acme" may be a
    // job left: neither is read here.
    pattern: new RegExp(
      `^(?:${I_AM}|[Ii]\\s+(?:just\\s+)?got|[Ii]\\s+was(?=\\s+(?:just\\s+|recently\\s+)?hired)|[Ii](?:'ve|\\s+have)\\s+been)\\s+(?:now\\s+|just\\s+|recently\\s+)?(?:employed|hired)\\s+(?:(?:by|at|with)\\s+(.+?)(?:\\s+as\\s+(?:an?\\s+)?(.+))?|as\\s+(?:an?\\s+)?(.+))$`,
      'u',
    ),
    build: (m) => (m[3] ? [role(clean(m[3]))] : jobTriples(m[1], m[2])),
  },
  {
    // The employer said first: "Acme employs me", "Acme hired me as a nurse", "Acme has just
    // hired me". Only a name is an employer ("She hired me", "Mum employs me" say no firm).
    nameFirst: true,
    pattern: new RegExp(
      `^(${NAME})\\s+(?:has\\s+)?(?:just\\s+|recently\\s+)?(?:employs|hired|employed)\\s+me(?:\\s+as\\s+(?:an?\\s+)?(.+))?$`,
      'u',
    ),
    build: (m) => {
      const who = clean(m[1]);
      const words = who.split(/\s+/);
      if (words.some((w) => NOT_A_NAME.test(w) || !/^\p{Lu}/u.test(w)) || KIN_NAME.test(who)) return [];
      return jobTriples(who, m[2]);
    },
  },
  {
    // A job held, where and as what: "I have a job at Acme", "I hold a part-time position with
    // Acme as a tutor", "I have a job as a nurse".
    pattern:
      /^[Ii]\s+(?:have|hold|'ve\s+got|have\s+got)\s+(?:a|an|my)\s+(?:new\s+|full-time\s+|part-time\s+|steady\s+)?(?:job|position|role)\s+(?:(?:at|with)\s+(.+?)(?:\s+as\s+(?:an?\s+)?(.+))?|as\s+(?:an?\s+)?(.+))$/u,
    build: (m) => (m[3] ? [role(clean(m[3]))] : jobTriples(m[1], m[2])),
  },
  {
    // Joining a named organisation (not "a club", "the gym") is working there.
    nameFirst: true,
    pattern:
      /^I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?joined\s+(\p{Lu}[\p{L}\p{N}&'.-]*(?:\s+\p{Lu}[\p{L}\p{N}&'.-]*){0,3})$/u,
    build: (m) => [triple('user', 'works_at', clean(m[1]), 'person', 'organization')],
  },
  {
    // Leaving a job closes it: the negated fact closes the one it denies.
    pattern:
      /^[Ii](?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:quit|left|resigned\s+from|stopped\s+working\s+(?:at|for))\s+(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?(.+)$/u,
    build: (m) => {
      const place = clean(m[1]);
      // "I quit smoking", "I left early": only a named employer (or "my job at X") is a job left.
      return /^\p{Lu}/u.test(place) ? [triple('user', 'not_works_at', place, 'person', 'organization')] : [];
    },
  },
];

// The most words a role or an employer said of one's job is read as ("senior data engineer").
const MAX_ROLE_WORDS = 3;

// Family words written as a name at a sentence's start ("Mum hired me"): a person, no employer.
const KIN_NAME = /^(?:Mum|Mom|Dad|Mother|Father|Grandma|Grandpa|Granny|Nana|Papa|Mama)$/;

const role = (what: string) => triple('user', 'works_as', what, 'person', 'role');
// The nouns after "my" that name where one works, not what one does ("My company is Acme").
const NAMES_EMPLOYER = /^(?:employer|workplace|place\s+of\s+work|company|firm)$/;
const employer = (what: string) => triple('user', 'works_at', what, 'person', 'organization');

/**
 * Whether the last word of what a job "is" names work: a kind of person ("pilot", "engineer") or
 * an activity ("nursing"), and never also a description ("boring", "great"); or a word WordNet
 * does not know (a trade's own name, "devops").
 */
function namesWork(word: string): boolean {
  const readings = readingsOf(word);
  if (readings.length === 0) return /^\p{L}/u.test(word);
  if (canDescribe(word, readings)) return false;
  return isPersonNoun(word) || (/ing$/i.test(word) && readings.some((id) => id.startsWith('n')));
}

// A phrase led by a preposition ("in Leeds", "near the station") says no role.
const LEADING_PREPOSITION = /^(?:in|on|at|near|from|for|by|to|of|with|around)\s/i;

// No work at all ("I do nothing for a living").
const NOTHING = /^(?:nothing|none|not\s+much)$/i;
