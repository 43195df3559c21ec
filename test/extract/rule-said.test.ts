import { describe, expect, it } from 'vitest';
import { factStatement } from '../../src/model/statement.js';
import { readSentence } from '../helpers/read-sentence.js';
import { readTurn } from '../helpers/read-turn.js';

const read = (sentence: string): string[] => readSentence(sentence);

describe('anything of the user\'s said as "my <thing> is <value>" (rule-table-said.ts)', () => {
  it.each([
    // Kept under the words the user named it by.
    ['My age is 34.', ['user|age|34']],
    ['My shoe size is 42.', ['user|shoe_size|42']],
    ['My middle name is Rose.', ['user|middle_name|Rose']],
    // A job title is the job, a date of birth the birthday (the relations the rest read).
    ['My job title is dentist.', ['user|works_as|dentist']],
    // Where one works, by any of its names; the company described is no employer.
    ['My workplace is Lego.', ['user|works_at|Lego']],
    ['My place of work is Lego.', ['user|works_at|Lego']],
    ['My company is Deloitte.', ['user|works_at|Deloitte']],
    ['My company is small.', []],
    // Where one was brought up is where one is from.
    ['I was brought up in Bilbao.', ['user|is_from|Bilbao']],
    ['I was born and brought up in Leeds.', ['user|is_from|Leeds']],
    ['My date of birth is March 3.', ['user|birthday|March 3']],
    ['My title is Dr.', ['user|title|Dr']],
    ['My spouse is Luca.', ['user|spouse|Luca']],
    ['My blood type is O negative.', ['user|blood_type|O negative']],
    ['Volleyball is my sport.', ['user|sport|volleyball']],
    ['Paris is my home.', ['user|home|Paris']],
    // A name keeps its capital though WordNet knows the word as a thing (cork, the material).
    ['Cork is my hometown.', ['user|hometown|Cork']],
    // A description, a clause, a kind or another thing of the user's is no value.
    ['My job is very stressful.', []],
    ['My car is red.', []],
    ['My phone is broken.', []],
    ['My plan is to move to Spain.', []],
    ['My point is that it works.', []],
    ['My dog is a beagle.', []],
    ['My home is my castle.', []],
    ['My manager there is Dana.', []],
    // A thing named after another word is a thing whatever else the word is ("drink" is more
    // often a verb), unless it is something thought or said; an abbreviation in capitals is a word.
    ['My go-to drink is oat latte.', ['user|go_to_drink|oat latte']],
    ['My best guess is Paris.', []],
    ['My GP is Dr. Patel.', ['user|gp|Dr. Patel']],
    ['Dr. Lindqvist is my GP.', ['user|gp|Dr. Lindqvist']],
    // Someone of the user's is named by a name.
    ['My spouse is wonderful.', []],
    ['It is my job.', []],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('what one cannot or should not have (rule-table-said.ts)', () => {
  it.each([
    // Negated in form, kept as a restriction (a plain negation still gives nothing to keep).
    ["I can't eat walnuts.", ['user|cannot_eat|walnuts']],
    ["I can't eat gluten because of an allergy.", ['user|cannot_eat|gluten']],
    ['I cannot drink milk.', ['user|cannot_drink|milk']],
    // A habit denied is no restriction (the gold sets' reading); "or" names each thing ruled out.
    ["I don't eat meat.", []],
    ["I can't eat walnuts or peanuts.", ['user|cannot_eat|walnuts', 'user|cannot_eat|peanuts']],
    ["I can't eat much.", []],
    ["I can't eat anything after 8.", []],
    ["I'm intolerant to lactose.", ['user|is_intolerant_to|lactose']],
    ['I must avoid eggs because I am allergic.', ['user|avoids|eggs']],
    ['Shellfish makes me sick.', ['user|gets_sick_from|shellfish']],
    ['It makes me sick.', []],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('reads a restriction as a sentence a person would say', () => {
    expect(factStatement('I', 'cannot_eat', 'walnuts')).toBe('User cannot eat walnuts');
    expect(factStatement('I', 'gets_sick_from', 'shellfish')).toBe('User gets sick from shellfish');
  });
});

describe('a home, a pastime, a spouse and a pet said in other everyday ways', () => {
  it.each([
    ['I just moved into a flat in Quito.', ['user|lives_in|Quito']],
    // A favourite thing to eat is liked, as a favourite dish is.
    ['My favourite thing to eat is sushi.', ['user|likes|sushi']],
    ['Sushi is my favourite thing to eat.', ['user|likes|sushi']],
    ['I rent a place in Leeds.', ['user|lives_in|Leeds']],
    ['I live in Quito with my family.', ['user|lives_in|Quito']],
    ['I can play the violin a little.', ['user|plays|violin']],
    ['In my free time I play the cello.', ['user|plays|cello']],
    ["I've been married to Luca since 2010.", ['user|married_to|Luca']],
    // A breed of two words; a pastime in a later sense (yoga is a discipline first).
    ['I have a golden retriever named Max.', ['user|dog|Max']],
    ["I've been doing yoga for years.", ['user|does|yoga']],
    ['I do the dishes.', []],
    // A verb whose doing is a sport; where one lives said place first; an age in words.
    ['I swim every morning.', ['user|does|swimming']],
    ['I cook.', []],
    ['Kyoto is where I live.', ['user|lives_in|Kyoto']],
    ["I'm thirty-four.", ['user|age|34']],
    ["I'm one.", []],
    ["I'm fine.", []],
    // Where one plays is not what one plays.
    ['I play in a jazz band on sax.', []],
    ['My birthday is coming up on March 3.', ['user|birthday|March 3']],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    // Reported by someone else, said of the user all the same.
    ["My doctor told me I'm allergic to walnuts.", ['user|is_allergic_to|walnuts']],
    ["I found out I'm allergic to eggs.", ['user|is_allergic_to|eggs']],
    ['I got a puppy and named it Maple.', ['user|dog|Maple']],
    ['We have a cat called Miso and a dog called Rex.', ['user|cat|Miso', 'user|dog|Rex']],
    // Where the work is, never part of the role or the field.
    ['I work as a nurse in Leeds.', ['user|works_as|nurse', 'user|works_in|Leeds']],
    ['I work as a teacher in a primary school.', ['user|works_as|teacher', 'user|works_in|primary school']],
    ['I work in marketing at Spotify.', ['user|works_in|marketing', 'user|works_at|Spotify']],
    ['We adopted a kitten last week and called her Luna.', ['user|cat|Luna']],
    ['Nala, our dog, is two years old.', ['user|dog|Nala', 'Nala|age|2']],
    ['I walk Nala, my dog, twice a day.', ['user|dog|Nala']],
  ])('%s', async (text, expected) => {
    expect(await readTurn(text)).toEqual(expected);
  });
});

describe('plain everyday sentences about the user', () => {
  it.each([
    // Marriage said by the verb.
    ['I married Luca in 2015.', ['user|married_to|Luca']],
    ['I got married to Luca last year.', ['user|married_to|Luca']],
    ['I married young.', []],
    // An allergy one has got.
    ["I've got an allergy to peanuts.", ['user|is_allergic_to|peanuts']],
    // A liking for playing: the liking, and the game or instrument played.
    ['I love playing the violin.', ['user|loves|playing the violin', 'user|plays|violin']],
    ['I enjoy playing chess.', ['user|likes|playing chess', 'user|plays|chess']],
    ['I love playing with my kids.', ['user|loves|playing with my kids']],
    ['I hate playing golf.', ['user|hates|playing golf']],
    // Played until now, or on a team of a sport.
    ["I've played the violin for years.", ['user|plays|violin']],
    ["I'm on a tennis team.", ['user|plays|tennis']],
    ["I'm on the marketing team.", []],
    ['My bday is March 3.', ['user|birthday|March 3']],
    ["I'm on a cricket team.", ['user|plays|cricket']],
    // A pet named after a comma; a game taken up; where a game is played is not the game.
    ['I adopted a dog, Ziggy.', ['user|dog|Ziggy']],
    ['I started playing tennis in college.', ['user|plays|tennis']],
    ['I play tennis in Lisbon.', ['user|plays|tennis']],
    ['I play Call of Duty.', ['user|plays|Call of Duty']],
    // A liking said as a craving, not a supposition.
    ['I could eat sushi every day.', ['user|likes|sushi']],
    ['I could go to Paris every day.', []],
    // What one habitually drinks, eats or orders; not how, nor how much; a denial keeps nothing
    // unless it says the habit ended.
    ['I usually drink flat white.', ['user|drinks|flat white']],
    ['I always order a chai.', ['user|orders|chai']],
    ['I eat sushi every week.', ['user|eats|sushi']],
    ['I eat healthy.', []],
    ['I eat out a lot.', []],
    ['I drink too much coffee.', []],
    ["I don't drink coffee.", []],
    ["I don't drink coffee anymore.", ['user|not_drinks|coffee']],
    // A wish to learn; a team rooted for is liked, as one supported is.
    ['I want to learn Japanese.', ['user|wants_to_learn|Japanese']],
    ["I'm planning to learn sailing.", ['user|wants_to_learn|sailing']],
    ['I root for the Lakers.', ['user|likes|Lakers']],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});
