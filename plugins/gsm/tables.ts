/**
 * The named tables templates sample from (`sample(names_male)`, `sample(multi_times)`). GSM-
 * Symbolic ships no sampler, so the lists are ours. String tables hold words; display tables
 * hold (text, value) pairs whose text is printed and whose value is computed with. The values of
 * display texts are facts the reference fixes ("twice" is 2; the decimal "0.333" stands for
 * exactly 1/3), so recomputing a reference record gives the same numbers.
 *
 * Reference: docs/research/arbigraph-reference-harness.md §8.1 (named tables).
 */
import { type Rat, rat } from './numbers.ts'

/** A printed text with the number it stands for. */
export interface DisplayItem {
  text: string
  value: bigint | Rat
}

export type TableItem = string | DisplayItem

const NAMES_FEMALE = [
  'Amara',
  'Beatriz',
  'Chloe',
  'Daria',
  'Elena',
  'Fatima',
  'Grace',
  'Hana',
  'Ines',
  'Julia',
  'Keiko',
  'Lena',
  'Maya',
  'Nadia',
  'Olivia',
  'Priya',
  'Rosa',
  'Sofia',
  'Tara',
  'Zoe',
]
const NAMES_MALE = [
  'Aaron',
  'Bruno',
  'Carlos',
  'Dev',
  'Emil',
  'Felix',
  'Gabriel',
  'Hugo',
  'Ivan',
  'Jonas',
  'Kofi',
  'Leo',
  'Mateo',
  'Nikhil',
  'Oscar',
  'Pavel',
  'Rafael',
  'Samuel',
  'Tomas',
  'Yusuf',
]

const times = (words: string[], first: number): DisplayItem[] =>
  words.map((text, i) => ({ text, value: BigInt(first + i) }))

const MULTI_TIMES = times(
  [
    'twice',
    'three times',
    'four times',
    'five times',
    'six times',
    'seven times',
    'eight times',
    'nine times',
    'ten times',
  ],
  2,
)
const MULTIPLE_ICE = times(['double', 'triple', 'quadruple'], 2)

const frac = (text: string, n: bigint, d: bigint): DisplayItem => ({ text, value: rat(n, d) })

const FRACTION_WORDS = [
  frac('half', 1n, 2n),
  frac('a third', 1n, 3n),
  frac('two-thirds', 2n, 3n),
  frac('a quarter', 1n, 4n),
  frac('three-quarters', 3n, 4n),
  frac('a fifth', 1n, 5n),
  frac('two-fifths', 2n, 5n),
  frac('three-fifths', 3n, 5n),
  frac('a sixth', 1n, 6n),
  frac('a tenth', 1n, 10n),
]

const slash = (pairs: [bigint, bigint][]) => pairs.map(([n, d]) => frac(`${n}/${d}`, n, d))

const FRACTIONS = slash([
  [1n, 2n],
  [1n, 3n],
  [2n, 3n],
  [1n, 4n],
  [3n, 4n],
  [1n, 5n],
  [2n, 5n],
  [3n, 5n],
  [1n, 6n],
  [1n, 8n],
  [3n, 8n],
  [1n, 10n],
])
const FRACTION_NUMS = slash([
  [1n, 2n],
  [1n, 4n],
  [1n, 5n],
  [2n, 5n],
  [1n, 10n],
])

// Rounded decimals stand for the exact fraction ("0.333" is 1/3), as in the reference.
const FRACTION_DECIMALS = [
  frac('0.1', 1n, 10n),
  frac('0.125', 1n, 8n),
  frac('0.2', 1n, 5n),
  frac('0.25', 1n, 4n),
  frac('0.333', 1n, 3n),
  frac('0.375', 3n, 8n),
  frac('0.5', 1n, 2n),
  frac('0.667', 2n, 3n),
  frac('0.75', 3n, 4n),
]

/** Every named table, by the name templates use. */
export const TABLES: Readonly<Record<string, readonly TableItem[]>> = {
  names: [...NAMES_FEMALE, ...NAMES_MALE],
  names_male: NAMES_MALE,
  names_female: NAMES_FEMALE,
  fruits: [
    'apples',
    'bananas',
    'cherries',
    'grapes',
    'kiwis',
    'lemons',
    'mangoes',
    'oranges',
    'pears',
    'plums',
  ],
  sports: ['basketball', 'cricket', 'football', 'golf', 'handball', 'hockey', 'rugby', 'swimming', 'tennis'],
  colors: ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'white', 'black', 'grey', 'pink'],
  cities: ['Accra', 'Berlin', 'Cairo', 'Lima', 'Lisbon', 'Mumbai', 'Oslo', 'Seoul', 'Toronto', 'Vienna'],
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  currencies_sym: ['$', '€', '£', '¥'],
  weights_med: ['pound', 'kilogram'],
  weights_sm: ['ounce', 'gram'],
  length_lg: ['mile', 'kilometer'],
  multi_times: MULTI_TIMES,
  multiple_ice: MULTIPLE_ICE,
  multiple: [...MULTIPLE_ICE, ...MULTI_TIMES],
  fraction_alnum: FRACTION_WORDS,
  fraction_alph: FRACTION_WORDS,
  fractions: FRACTIONS,
  fraction_nums: FRACTION_NUMS,
  fraction_decimals: FRACTION_DECIMALS,
}

/** Display items of every table, by text: how a printed "two-fifths" is read back. */
export function displayValue(text: string): DisplayItem | undefined {
  for (const items of Object.values(TABLES))
    for (const item of items) if (typeof item !== 'string' && item.text === text) return item
  return undefined
}

/** The text an item prints. */
export const itemText = (item: TableItem): string => (typeof item === 'string' ? item : item.text)
