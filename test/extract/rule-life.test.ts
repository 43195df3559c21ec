import { describe, expect, it } from 'vitest';
import { askedRelations } from '../../src/retrieve/asked-relation.js';
import { readTurn } from '../helpers/read-turn.js';

describe("a day's routine and what one works towards (rule-table-life.ts)", () => {
  it.each([
    // How one gets to work: only a way of getting about.
    ['I commute by bike.', ['user|commutes_by|bike']],
    ['I usually take the train to work.', ['user|commutes_by|train']],
    ['I catch the subway to the office.', ['user|commutes_by|subway']],
    ['I take the long way to work.', []],
    // Or the verb one gets there by, as its -ing form.
    ['I usually cycle to the office.', ['user|commutes_by|cycling']],
    ['I walk to work every day.', ['user|commutes_by|walking']],
    ['I drive to work.', ['user|commutes_by|driving']],
    ['I ride my bike to school.', ['user|commutes_by|bike']],
    ['I walk to the shop.', []],
    // A service named is a way of getting there, whatever WordNet knows of it.
    ['I get to work by Uber.', ['user|commutes_by|Uber']],
    // Where one works, when it is home.
    ['I work from home.', ['user|works_from|home']],
    ["I'm working from home these days.", ['user|works_from|home']],
    // The hours one keeps, the time as said.
    ['I wake up at 6 every day.', ['user|wakes_up_at|6']],
    ['I usually wake up at 6:30 am.', ['user|wakes_up_at|6:30 am']],
    ['I go to bed around 11.', ['user|goes_to_bed_at|11']],
    // A place one goes to as a habit; not a verb, and where it is is not part of it.
    ['I go to the gym three times a week.', ['user|goes_to|gym']],
    ['I go to church on Sundays.', ['user|goes_to|church']],
    ['I go to see my mom.', []],
    // What one is saving, training or studying for.
    ["I'm saving up for a house.", ['user|saving_for|house']],
    ["I'm training for a marathon.", ['user|training_for|marathon']],
    ["I'm studying for a law degree.", ['user|studying_for|law degree']],
    // A trip wished for or planned.
    ['I want to visit Japan next year.', ['user|wants_to_visit|Japan']],
    ["I'm planning a trip to Peru.", ['user|plans_trip_to|Peru']],
    // A title one is in the middle of; "reading a lot" names none.
    ["I'm reading Dune right now.", ['user|is_reading|Dune']],
    ["I'm re-reading Middlemarch.", ['user|is_reading|Middlemarch']],
    ["I'm reading a lot lately.", []],
    // A skill said by its verb.
    ["I'm learning to code.", ['user|is_learning|coding']],
    ["I've started learning how to drive.", ['user|is_learning|driving']],
    ["I'm learning to play the cello.", ['user|is_learning|cello']],
    // The doctor one sees, whatever for.
    ['I see Dr. Osei for check-ups.', ['user|doctor|Dr. Osei']],
    // What one wears, not a pronoun.
    ['I wear glasses.', ['user|wears|glasses']],
    ['I wear a suit to work.', ['user|wears|suit']],
    ['I wear it every day.', []],
    // A fear, a height, what one's body reacts to.
    ['I have a fear of heights.', ['user|is_afraid_of|heights']],
    ["I'm 1.80 m tall.", ['user|height|1.80 m']],
    ['I react badly to penicillin.', ['user|reacts_badly_to|penicillin']],
    ['Peanuts give me hives.', ['user|gets_hives_from|peanuts']],
    ['Coffee gives me energy.', []],
    // What one teaches, the school when named; a business one runs, not a race.
    ['I teach maths at a high school in Leeds.', ['user|teaches|maths']],
    ['I teach English at Lincoln High.', ['user|teaches|English', 'user|works_at|Lincoln High']],
    ['I teach at Lincoln High.', ['user|works_at|Lincoln High']],
    ['I run a small bakery in Lyon.', ['user|runs|bakery']],
    ['I run a marathon every year.', []],
  ])('%s', async (sentence, expected) => {
    expect(await readTurn(sentence)).toEqual(expected);
  });

  it('reads "since I was a kid" as when, not as part of what is said', async () => {
    expect(await readTurn("I've played tennis since I was a kid.")).toEqual(['user|plays|tennis']);
  });

  it('keeps a value WordNet does not know as a name, and a name said as "called"', async () => {
    expect(await readTurn('My usual drink is chai.')).toEqual(['user|usual_drink|chai']);
    expect(await readTurn('My go-to drink is chai.')).toEqual(['user|go_to_drink|chai']);
    // Several words for something eaten or drunk name it, though the last may describe.
    expect(await readTurn('My go-to drink is flat white.')).toEqual(['user|go_to_drink|flat white']);
    expect(await readTurn('My car is dark red.')).toEqual([]);
    expect(await readTurn('My little one is called Mia.')).toEqual(['user|little_one|Mia']);
    // Still no value when the words only describe.
    expect(await readTurn('My car is brand new.')).toEqual([]);
  });

  it('reads the questions these facts answer as the same relations', () => {
    const keys = (q: string) => askedRelations(q).map((a) => a.key);
    expect(keys('What am I reading?')).toContain('is_reading');
    expect(keys('What am I saving for?')).toContain('saving_for');
    expect(keys('What do I wear?')).toContain('wears');
  });
});

describe('everyday facts the rules bent or dropped before', () => {
  it.each([
    // Where one studies, said by going to school: not a place named "school at Oakwood".
    ['I go to school at Oakwood Primary.', ['user|studies_at|Oakwood Primary']],
    ['I go to university in Leeds.', ['user|studies_in|Leeds']],
    // Was `goes_to school`, the town dropped: one who goes to school there studies there.
    ['I go to school in Leeds.', ['user|studies_in|Leeds']],
    ['My daughter goes to school at Oakwood.', ['daughter|studies_at|Oakwood']],
    ['I go to the gym.', ['user|goes_to|gym']],
    // A subject studied, as "I'm studying law" is; not how or when one studies.
    ['I study law.', ['user|is_learning|law']],
    ['I learn Japanese.', ['user|is_learning|Japanese']],
    ['My daughter studies law.', ['daughter|is_learning|law']],
    ['I study hard.', []],
    ['I study every night.', []],
    ['I study medicine at Leeds.', ['user|studies|medicine', 'user|studies_at|Leeds']],
    // Whom one lives with, by the words said; what one listens to (not why, nor whom).
    ['I live with my parents.', ['user|lives_with|parents']],
    ['I live with my older sister.', ['user|lives_with|older sister']],
    ['I listen to a lot of jazz.', ['user|listens_to|jazz']],
    ['I listen to podcasts.', ['user|listens_to|podcasts']],
    ['I listen to relax.', []],
    ['I listen to her.', []],
    // A device or service by its name, said with an article or in camel case.
    ['I use an iPhone.', ['user|uses|iPhone']],
    ['I use a MacBook.', ['user|uses|MacBook']],
    ['I use the bus.', []],
    // A faith, or none, and a star sign, said as being one; a surname is neither.
    ["I'm a Buddhist.", ['user|religion|Buddhist']],
    ["I'm an atheist.", ['user|religion|atheist']],
    ["I'm a Scorpio.", ['user|star_sign|Scorpio']],
    ["I'm a Smith.", []],
    // One the user has, said with "who": as said of them.
    ['I have a sister who lives in Berlin.', ['sister|lives_in|Berlin']],
    ['I have an older brother who works at Google.', ['older brother|works_at|Google']],
    ['I have a sister who I adore.', []],
    // A pet of a kind less common, named.
    ['I have a goldfish named Bubbles.', ['user|goldfish|Bubbles']],
    // A role worked towards, a thing saved for by buying it, a group one sings in.
    ["I'm training to be a nurse.", ['user|training_to_be|nurse']],
    ["I'm saving to buy a boat.", ['user|saving_for|boat']],
    ['I sing in a choir.', ['user|sings_in|choir']],
    ['I sing in the shower.', []],
    // What one is healing from.
    ["I'm recovering from knee surgery.", ['user|recovering_from|knee surgery']],
    ["I'm getting over the flu.", ['user|recovering_from|flu']],
    ["I'm recovering from it.", []],
    // A people's name stays a name where it is a favourite; a common noun said first does not.
    ['My favorite cuisine is Thai.', ['user|likes|Thai']],
    ['Sushi is my favourite food.', ['user|likes|sushi']],
    // How one takes a drink; one's own lunch is no habit's object.
    ['I take my coffee black.', ['user|takes_coffee|black']],
    // Said with "like", the manner too, not a liking of "my coffee strong".
    ['I like my coffee strong.', ['user|takes_coffee|strong']],
    // A diet said by what one eats or keeps: WordNet defines it by dietary law, or it is "-free".
    ['I eat halal.', ['user|diet|halal']],
    ['I keep kosher.', ['user|diet|kosher']],
    ['I went vegan.', ['user|diet|vegan']],
    ['I eat gluten-free.', ['user|diet|gluten-free']],
    ['I eat sushi.', ['user|eats|sushi']],
    ['I like my tea with milk.', ['user|takes_tea|with milk']],
    ['I drink my tea with honey.', ['user|takes_tea|with honey']],
    ['I eat my lunch at my desk.', []],
    ['I take my dog to the park.', []],
    // A role said as over, of the user or someone of theirs.
    ['I was a pilot.', ['user|worked_as|pilot']],
    ['My dad was a pilot.', ['dad|worked_as|pilot']],
    ['I was a bit tired.', []],
    ['I was a vegetarian for ten years.', ['user|not_diet|vegetarian']],
    // A pet's kind said by its last word when the two together are no breed.
    ['We just adopted a rescue dog named Pepper.', ['user|dog|Pepper']],
    // An amount is no drink.
    ['I drink way too much coffee.', []],
    // A favourite whose kind is unsaid is liked; "The" before a capital says a name.
    ['Sushi is my favorite.', ['user|likes|sushi']],
    ['The Beatles are my all-time favourites.', ['user|likes|Beatles']],
    ['This is my favourite.', []],
    // A state kept until now, said without "I've"; an employer one has been at for years.
    ['Been vegetarian for 3 years now.', ['user|diet|vegetarian']],
    ["I've been at Microsoft for six years.", ['user|works_at|Microsoft']],
    ["I've been with Sam for five years.", []],
    // What one cannot have is a restriction, as what one cannot eat.
    ["I can't have gluten.", ['user|cannot_have|gluten']],
    ['I majored in economics.', ['user|majored_in|economics']],
    // A kid named is the user's, whatever else the sentence says.
    ['My kid Omar just started school.', ['user|kid|Omar', 'Omar|started|school']],
    // A liking held until now; a wish's "someday" is when, not where.
    ["I've loved jazz since I was a teenager.", ['user|loves|jazz']],
    ['I hope to visit Iceland someday.', ['user|wants_to_visit|Iceland']],
    // A hormone taken as a medicine.
    ['I take insulin every day.', ['user|takes|insulin']],
    // A comma before "it" starts a clause of its own: nothing of it is part of the pastime.
    [
      'Been practicing dance routines lately, it keeps my mind focused and motivated.',
      ['user|plays|dance routines'],
    ],
  ])('%s', async (sentence, expected) => {
    expect(await readTurn(sentence)).toEqual(expected);
  });
});
