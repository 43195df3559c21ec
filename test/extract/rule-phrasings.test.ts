import { describe, expect, it } from 'vitest';
import { gerund } from '../../src/extract/rule-words.js';
import { RuleExtractor, splitSentences } from '../../src/extract/rules.js';
import { readSentence } from '../helpers/read-sentence.js';

const read = (sentence: string): string[] => readSentence(sentence);

describe('everyday facts in other phrasings (rule-table-phrasings.ts)', () => {
  it.each([
    // A relation said name first, with or without a word telling one apart.
    ['Ines is my sister.', ['user|sister|Ines']],
    ['Tom is my older brother.', ['user|brother|Tom']],
    ['Ana is my best friend.', ['user|best_friend|Ana']],
    ['She is my sister.', []],
    ['This is my dog.', []],
    // "My younger sister is Maja": the word before the relation is not the relation.
    ['My younger sister is Maja.', ['user|sister|Maja']],
    ['My best friend is Ana.', ['user|best_friend|Ana']],
    // A pet named by its breed, as WordNet knows it; a person named so is left to the family rules.
    ["I've got a beagle called Rufus.", ['user|dog|Rufus']],
    ['I have a tabby named Mochi.', ['user|cat|Mochi']],
    ['I have a sister called Ines.', ['user|sister|Ines']],
    ['I have a car called Bessie.', []],
    // Learning, lessons, an instrument picked up (and nothing else picked up).
    ["I've been learning the cello since January.", ['user|is_learning|cello']],
    ["I'm taking piano lessons.", ['user|is_learning|piano']],
    ['I picked up the ukulele last year.', ['user|plays|ukulele']],
    ['I picked up my sister from school.', []],
    // Liking said strongly.
    ["I'm crazy about tacos.", ['user|likes|tacos']],
    ["I'm obsessed with sushi.", ['user|likes|sushi']],
    // Home as a place, never as something else.
    ['My flat is in Rotterdam.', ['user|lives_in|Rotterdam']],
    ['Home for me is Bergen now.', ['user|lives_in|Bergen']],
    ['My home is my castle.', []],
    ['My house is a mess.', []],
    // A living earned, an address to write to, a birthday that falls on a day.
    ['I earn my living as a carpenter.', ['user|works_as|carpenter']],
    ['Drop me a line at sam@example.net.', ['user|email|sam@example.net']],
    ['My birthday falls on the 3rd of May.', ['user|birthday|the 3rd of May']],
    // A move from one place to another, a new role, past study and where, volunteering.
    ['I moved from Oslo to Bergen.', ['user|lived_in|Oslo', 'user|lives_in|Bergen']],
    // Said the other way round, or "here": the same move, never "Bergen from Oslo" as a home.
    ['I moved to Bergen from Oslo.', ['user|lived_in|Oslo', 'user|lives_in|Bergen']],
    ['I moved here from Chile two years ago.', ['user|lived_in|Chile']],
    // Settling in a place is making a home there; settling in fast is no place.
    ['I recently settled in Tartu.', ['user|lives_in|Tartu']],
    ["I've settled down in Porto.", ['user|lives_in|Porto']],
    ['I settled in quickly.', []],
    ["I've started a new role as a product manager.", ['user|works_as|product manager']],
    ['I got a new job as a nurse at St Mary.', ['user|works_at|St Mary', 'user|works_as|nurse']],
    ['I studied biology at Edinburgh.', ['user|studied|biology', 'user|studied_at|Edinburgh']],
    ['I volunteer at the animal shelter.', ['user|volunteers_at|animal shelter']],
    // A diet kept for a while, a job by trade.
    ["I've been vegan for a year.", ['user|diet|vegan']],
    ["I'm a nurse by trade.", ['user|works_as|nurse']],
    // A pet's name after its breed; languages said as fluency or as one's own.
    ['My dog is a golden retriever named Max.', ['user|dog|Max']],
    ["I'm fluent in German.", ['user|speaks|German']],
    ["I'm a native Spanish speaker.", ['user|speaks|Spanish']],
    ['My native language is Polish.', ['user|speaks|Polish']],
    ["I'm fluent in sarcasm.", []],
    ["My birthday's on the 2nd of February.", ['user|birthday|the 2nd of February']],
    ['I collect vinyl records.', ['user|collects|vinyl records']],
    // A nationality is no name; a name that is a word stays a name.
    ["I'm Brazilian.", ['user|nationality|Brazilian']],
    ["I'm Frank.", ['user|name|Frank']],
    ["I'm Ana Silva.", ['user|name|Ana Silva']],
    // A faith is no nationality; what else such a word says is kept as it is said.
    ["I'm Buddhist.", ['user|religion|Buddhist']],
    ["I'm Catholic.", ['user|religion|Catholic']],
    ["I'm Texan.", ['user|nationality|Texan']],
    ["I'm Jewish.", ['user|is_a|Jewish']],
    // Work and working life as an assistant's user says it.
    ["I'm a Python developer.", ['user|works_as|Python developer']],
    ['I use Neovim as my editor.', ['user|uses|Neovim']],
    ['Please call me Sam.', ['user|name|Sam']],
    ['My timezone is CET.', ['user|timezone|CET']],
    ["I'm in the Pacific time zone.", ['user|timezone|Pacific']],
    ["I'm the founder of Acme.", ['user|founded|Acme']],
    ['I co-founded a startup called Loop.', ['user|founded|Loop']],
    ['I founded a small company.', []],
    ['I report to Karen.', ['user|reports_to|Karen']],
    // Nothing bent out of a phrase that is no place, no subject, no instrument.
    ["I'm taking my time with lessons.", []],
    ['I moved from one flat to another.', []],
    ['I studied hard at Oxford.', ['user|studied_at|Oxford']],
    ["I'm obsessed with it.", []],
    ['Home is where the heart is.', []],
    // Something given up: the fact it denies, which closes the positive one.
    ['I stopped playing tennis.', ['user|not_plays|tennis']],
    ['I gave up playing the violin.', ['user|not_plays|violin']],
    ["I'm not vegetarian anymore.", ['user|not_diet|vegetarian']],
    ['I gave up coffee.', []],
    // When, said after where: not part of the place.
    ["I'm living in Tucson at the moment.", ['user|lives_in|Tucson']],
    ['I live in Lyon right now.', ['user|lives_in|Lyon']],
    ['I play tennis every Sunday.', ['user|plays|tennis']],
    // How strongly is not what: the state is the fact.
    ["I'm severely allergic to bees.", ['user|is_allergic_to|bees']],
    [
      "I'm very allergic to peanuts and shellfish.",
      ['user|is_allergic_to|peanuts', 'user|is_allergic_to|shellfish'],
    ],
    ["I'm very happy in Berlin.", []],
    // Fears; a diet by its kind, never by how strict or healthy it is.
    ["I'm scared of spiders.", ['user|is_afraid_of|spiders']],
    ["I'm on a strict keto diet.", ['user|diet|keto']],
    ['I follow a low-carb diet.', ['user|diet|low-carb']],
    ["I'm on a Mediterranean diet.", ['user|diet|Mediterranean']],
    ["I'm on a healthy diet.", []],
    ["I'm on the diet my doctor gave me.", []],
    // A pastime liked "to" do is the pastime ("to swim" named nothing); a clause liked names none.
    ['I like to swim.', ['user|likes|swimming']],
    ['I love to bake bread.', ['user|loves|baking bread']],
    ['I love to go hiking.', ['user|loves|hiking']],
    ['I enjoy to travel.', ['user|likes|traveling']],
    ['I like to think so.', []],
    // A job or diet said as over is said so (stored closed); what is no job is left out.
    ['I used to be a teacher.', ['user|worked_as|teacher']],
    ['I was once a pilot.', ['user|worked_as|pilot']],
    ["I worked as a nurse at St Mary's.", ["user|worked_at|St Mary's", 'user|worked_as|nurse']],
    ['I worked as a waiter for years.', ['user|worked_as|waiter']],
    ['I used to be vegetarian.', ['user|not_diet|vegetarian']],
    ['I used to be a smoker.', []],
    // A home or job held for a while until now is held now; without a duration it may be past.
    ["I've lived in Rome for five years.", ['user|lives_in|Rome']],
    ['I have worked at Google since 2019.', ['user|works_at|Google']],
    ["I've lived in Rome, Paris and Tokyo.", []],
    // A degree with what and where; a car or device by its make, not an animal by its breed.
    ['I did my PhD at Cambridge.', ['user|studied_at|Cambridge']],
    ["I have a bachelor's in history from UCLA.", ['user|studied|history', 'user|studied_at|UCLA']],
    ['I have a degree.', []],
    ['My car is a Toyota Corolla.', ['user|owns|Toyota Corolla']],
    ['My wife is a Scorpio.', []],
    // A role taken up, a liking said as more, a value said as the new one, a relationship.
    ['I became a teacher.', ['user|works_as|teacher']],
    ['I became a mother.', []],
    ["These days I'm more into Radiohead.", ['user|likes|Radiohead']],
    ['My new email is b@example.com.', ['user|email|b@example.com']],
    ["I'm dating Sam.", ['user|is_dating|Sam']],
    ['Sam and I split up.', ['user|not_is_dating|Sam']],
    ["I'm seeing Dr Lee on Monday.", []],
    // Work said as a title, as freelancing or interning; a job lost.
    ["I'm the CTO of Acme.", ['user|works_at|Acme', 'user|works_as|CTO']],
    ["I'm head of marketing at Canva.", ['user|works_at|Canva', 'user|works_as|head of marketing']],
    ["I'm the president of the chess club.", []],
    ['I freelance for the BBC.', ['user|works_at|BBC']],
    ['I got laid off from Meta.', ['user|not_works_at|Meta']],
    ['I was fired from my job at Tesco.', ['user|not_works_at|Tesco']],
    // Pastimes: kept up until now, said as hobbies; a club one belongs to; nothing played "with".
    ["I've been playing guitar since I was 12.", ['user|plays|guitar']],
    ['I play with my kids.', []],
    ['My hobbies are hiking and baking.', ['user|does|hiking', 'user|does|baking']],
    ['Gardening is my favourite hobby.', ['user|does|gardening']],
    ['My hobby is my kids.', []],
    ["I'm a member of the local chess club.", ['user|member_of|chess club']],
    ["I'm part of the problem.", []],
    // Home and origin said other ways; a trip is no home.
    ["I'm based out of Singapore.", ['user|lives_in|Singapore']],
    ['I call Melbourne home.', ['user|lives_in|Melbourne']],
    ['I live just outside Manchester.', ['user|lives_near|Manchester']],
    ['I grew up on a farm in Iowa.', ['user|is_from|Iowa']],
    ["I'm on holiday in Crete.", []],
    ["I'm in Paris for work this week.", []],
    // A condition said by its adjective; a medicine taken (and for one's own condition).
    ["I'm diabetic.", ['user|has_condition|diabetes']],
    ["I'm epileptic.", ['user|has_condition|epilepsy']],
    ["I'm on antidepressants.", ['user|takes|antidepressants']],
    ['I take metformin for my diabetes.', ['user|takes|metformin', 'user|has_condition|diabetes']],
    ['I take ibuprofen for the pain.', ['user|takes|ibuprofen']],
    ["I'm on holiday.", []],
    ['I take the bus.', []],
    // Liking said as fondness or keenness, and its denial; a least favourite is disliked.
    ["I'm very fond of jazz.", ['user|likes|jazz']],
    ["I'm not keen on cats.", ['user|not_likes|cats']],
    ['My least favourite food is liver.', ['user|dislikes|liver']],
    ['My favourite thing to do is reading.', ['user|likes|reading']],
    // "Our" children are the user's, as "our" pets are.
    ['Our daughter Mia loves drawing.', ['user|daughter|Mia', 'Mia|loves|drawing']],
    ['Our kids are Leo and Mia.', ['user|child|Leo', 'user|child|Mia']],
    // Relations that ended are relations of their own.
    ['My ex is called Dave.', ['user|ex|Dave']],
  ])('%s', (sentence, expected) => {
    expect(read(sentence)).toEqual(expected);
  });
});

describe('a subject said once, whichever way it is put', () => {
  it.each([
    ['Luis, my husband, is a pilot.', ['user|husband|Luis', 'Luis|works_as|pilot']],
    ['Tom, my boss, is from Leeds.', ['user|boss|Tom', 'Tom|is_from|Leeds']],
    ['My sister, she lives in Rome.', ['sister|lives_in|Rome']],
    ['This, my friend, is the best pizza.', []],
    // Terse turns: a state or a move said without "I"; a pair said "me and …".
    ['Allergic to nuts.', ['user|is_allergic_to|nuts']],
    ['Working at Zalando now.', ['user|works_at|Zalando']],
    ['Vegetarian since 2020.', ['user|diet|vegetarian']],
    ['Just moved to Rome.', ['user|lives_in|Rome']],
    ['New job: data analyst at Spotify.', ['user|works_at|Spotify', 'user|works_as|data analyst']],
    ['Me and my wife live in Graz.', ['user|lives_in|Graz', 'wife|lives_in|Graz']],
    ['Living in Lyon is expensive.', []],
    ['Sunny lives in Rome.', ['Sunny|lives_in|Rome']],
    ['Great to hear.', []],
    ['Happy birthday!', []],
    // Whom a second verb is said of: the user after "I'm", a relative named by how they relate.
    ["I'm retired and live in Spain.", ['user|works_as|retired', 'user|lives_in|Spain']],
    ['My mum is retired and lives in Spain.', ['mum|works_as|retired', 'mum|lives_in|Spain']],
    // "Best friend" is one relation, wherever it is said; more of the family is named.
    ['My best friend Sam just moved to Denver.', ['user|best_friend|Sam', 'Sam|lives_in|Denver']],
    ['Emma, my niece, loves horses.', ['user|niece|Emma', 'Emma|loves|horses']],
    ['My brother-in-law Tom is a pilot.', ['user|brother_in_law|Tom', 'Tom|works_as|pilot']],
    // What only reports or sets the scene is read past.
    ['Anyway, I wanted to tell you I got the job at Stripe!', ['user|works_at|Stripe']],
    ['Just wanted to let you know that I moved to Oslo.', ['user|lives_in|Oslo']],
    ["Since the divorce, I've been living alone in Leeds.", ['user|lives_in|Leeds']],
    ['I want to say hello.', []],
    // A second clause of a change, and a terse birthday.
    ['I changed careers and became a teacher.', ['user|works_as|teacher']],
    ['Just turned 31 today!', ['user|age|31']],
    // A middle initial does not end a sentence; a grade does.
    ['My favourite author is Ursula K. Le Guin.', ['user|favourite_author|Ursula K. Le Guin']],
    // "Got" a thing, not a state or a place; an adverb or a pronoun opening a sentence is no one.
    ['I got lucky.', []],
    ['I got home late.', []],
    ["You've got guts.", []],
    ['Just got a cat!', ['user|got|cat']],
    ['Really made me think.', []],
    ['I started at Deloitte last Monday.', ['user|works_at|Deloitte']],
    // What one studies for is kept as such (rule-table-life.ts), not as a subject learnt.
    ["I'm studying for my bar exam.", ['user|studying_for|bar exam']],
    // Occupations WordNet files under engineers, administrators, writers and financiers are jobs.
    ["I'm a senior engineer.", ['user|works_as|senior engineer']],
    ["I'm a data scientist.", ['user|works_as|data scientist']],
    ["I'm a cashier.", ['user|works_as|cashier']],
    ["I'm a good listener.", ['user|is_a|good listener']],
    ['My boss Karen made us stay late again.', ['user|boss|Karen']],
    // A name said after a comma is the name of what was just got, never a thing got.
    ['My ex-husband Tom is a pilot.', ['user|ex_husband|Tom', 'Tom|works_as|pilot']],
    ['We got a puppy last week, his name is Bolt.', ['user|dog|Bolt']],
    ["We adopted a kitten, and her name's Luna.", ['user|cat|Luna']],
    ['I have a sister, her name is Ana.', ['user|sister|Ana']],
  ])('%s', async (turn, expected) => {
    const out = await new RuleExtractor().extract({
      messages: [{ role: 'user', content: turn }],
      known: [],
      at: new Date(),
    });
    expect(out.triples.map((t) => `${t.subject}|${t.predicate}|${t.object}`)).toEqual(expected);
  });
});

describe('the "-ing" form of a verb', () => {
  it.each([
    ['swim', 'swimming'],
    ['run', 'running'],
    ['dance', 'dancing'],
    ['cook', 'cooking'],
    ['play', 'playing'],
    ['travel', 'traveling'],
    ['tie', 'tying'],
    ['ski', 'skiing'],
    ['see', 'seeing'],
  ])('%s → %s', (verb, expected) => {
    expect(gerund(verb)).toBe(expected);
  });
});

describe('sentences, with a middle initial inside one', () => {
  it('splits after a grade but not after an initial', () => {
    expect(splitSentences('I got a B. Then I met John F. Kennedy.')).toEqual([
      'I got a B.',
      'Then I met John F. Kennedy.',
    ]);
  });
});
