// The words of the demo world: wish openings, wishes and first names, shared by the seed (scripts/seed.ts) and the
// 1,000,000-wish bench database (bench/lib/d1-world.ts).

export const OPENINGS = ["May", "I wish that", "I hope", "Let", "I dream that", "Please let"] as const;

export const WISHES: readonly string[] = [
  "every child sleep tonight without fear of war",
  "the guns fall silent and the fields grow wheat again",
  "my brother come home safe from the front",
  "leaders find the courage to choose peace over pride",
  "neighbours who were enemies share bread at one table",
  "calm return to the streets of my city",
  "the rivers run clean for our grandchildren",
  "hope reach every refugee waiting at a border tonight",
  "young people dream of a future worth building",
  "my daughter grow up in a world that listens",
  "the next generation inherit more hope than we did",
  "every frightened heart find someone to hold",
  "love be louder than hate in every language",
  "we care for strangers as if they were family",
  "my grandmother's hands heal and she walks in her garden again",
  "everyone fighting an illness in silence find strength and healing",
  "wellness reach the nurses and doctors who gave so much",
  "the wounds between our countries heal with time and honesty",
  "our communities come together across every border",
  "we stand together when the storms come",
  "unity grow from the small kindnesses of ordinary people",
  "people connect across oceans with curiosity instead of fear",
  "the world remember that we share one small blue planet",
  "every classroom be a place of kindness and courage",
  "the quiet ones feel heard today",
  "there be enough water, bread and shelter for everyone",
  "the mountains of my homeland stay peaceful and green",
  "strangers smile at each other on the morning train",
  "tranquil nights return to the villages by the sea",
  "the music of every culture be heard and loved",
  "we learn to disagree without tearing each other apart",
  "those who lost everything find a new home and a warm welcome",
  "our hearts stay open even when the news is hard",
  "healing come to everyone carrying grief this winter",
  "the farmers have gentle rain and a good harvest",
  "children in every country learn to read and dream",
  "my friends in the hospital feel the care of the whole world",
  "the bells of every faith ring together for peace",
  "the borders become bridges",
  "the light of compassion reach the darkest corners",
];

export const NAMES = [
  "", "", "", "Amara", "Lukas", "Sofia", "Kenji", "Fatima", "Mateo", "Ingrid", "Olu", "Priya", "Noah", "Leila", "Chen",
  "Yusuf", "Ana", "Tomasz", "Mira", "Kofi", "Elena", "Sami", "Hana", "Diego", "Zanele", "Aiko", "Omar", "Grace",
];

/** The countries the demo world's wishes come from. */
export const COUNTRY_CODES = [
  "US", "GB", "FR", "DE", "ES", "IT", "PT", "NL", "SE", "NO", "FI", "PL", "UA", "GR", "TR", "IL", "PS", "EG",
  "MA", "NG", "GH", "KE", "ET", "ZA", "IN", "PK", "BD", "NP", "LK", "CN", "JP", "KR", "PH", "VN", "TH", "ID",
  "AU", "NZ", "CA", "MX", "BR", "AR", "CL", "CO", "PE", "IE", "RW", "JO",
] as const;
