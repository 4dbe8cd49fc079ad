/**
 * Word lists for the lookup and KV-resolution tasks: 131 adjectives and 168 nouns, all common,
 * lowercase and distinct across both lists, so a pool of up to 256 definitions can give every
 * key its own word and a self-consistency check can tell a defined word from an invented one.
 */
const ADJECTIVES = `quick quiet bright calm brave clever cold cool dark deep dry early easy empty fair
fast fine flat fresh full gentle glad grand green happy hard heavy high hollow honest hot huge kind
large late light little lively long loud low loyal lucky mild modern narrow neat new nice noble odd
old open pale plain polite poor proud pure rapid rare raw real rich rough round royal rude sad safe
sharp short shy silent simple slow small smart smooth soft solid sour spare steep still strange
strict strong sudden sunny sweet swift tall tame thick thin tidy tiny tough true ugly vast warm weak
wet whole wide wild wise young amber azure bold busy cheap crisp dense eager faint fierce frank
grim hasty humble icy jolly keen lazy lean mellow misty`

const NOUNS = `fox harbor river stone apple bridge candle castle cloud desk door dragon eagle field
flower forest garden glass hammer hill horse house island jacket kettle kite ladder lake lamp leaf
lemon lion map market meadow mirror moon mountain needle nest ocean orange owl paper pencil piano
pillow planet pond rabbit rain road rocket rose sail salt sand school shadow sheep shell ship shore
silver sky snake snow spoon star storm street sugar sun table tiger tower train tree tunnel valley
violin wagon wall whale window wind wolf yard zebra anchor arrow badge barrel basket bell blanket
boat bottle bucket button cabin camel canyon carpet cave chair cherry circle clock coin comet cotton
crown cup daisy diamond drum engine feather fence flag fountain frog gate ghost giant glove goat
grape helmet honey iron ivory jewel key knife lantern marble melon mill mouse nail oak onion palace
parrot pearl pepper pine pipe plum puzzle quilt robot rope saddle scarf seed spider sponge statue
stove swan thread thunder tulip village wheel`

const split = (text: string): string[] => text.split(/\s+/).filter(Boolean)

/** 131 adjectives. */
export const adjectives: readonly string[] = split(ADJECTIVES)
/** 168 nouns. */
export const nouns: readonly string[] = split(NOUNS)
/** Adjectives then nouns: 299 distinct words. */
export const allWords: readonly string[] = [...adjectives, ...nouns]
