/**
 * Word lists for the generated catalog. Written for this project; a few entries carry accents,
 * CJK, Cyrillic, Greek or emoji so that every text path of the kit meets non-ASCII data.
 */

export const FIRST_NAMES = [
  'Ava', 'Liam', 'Maya', 'Noah', 'Zoë', 'Mateo', 'Chloé', 'Ethan', 'Amara', 'Lucas', 'Isla', 'Omar',
  'Freya', 'Diego', 'Hana', 'Jonah', 'Léa', 'Kofi', 'Nina', 'Rafael', 'Sofía', 'Theo', 'Aisha', 'Felix',
  'Ingrid', 'Malik', 'Priya', 'Björn', 'Camila', 'Dmitri', 'Elif', 'Gabriel', 'Jade', 'Kenji', 'Lina',
  'Marcus', 'Nia', 'Oskar', 'Paloma', 'Quinn', 'Rosa', 'Søren', 'Tariq', 'Uma', 'Valentina', 'Wren',
  'Xavier', 'Yara', 'Zane', 'Ana', 'Bruno', 'Cleo', 'Dario', 'Esme', 'Finn', 'Greta', 'Hugo', 'Iris',
  'Jules', 'Kai', 'Luca', 'Mila', 'Nils', 'Olivia', 'Pablo', 'Rhea', 'Sami', 'Tess', 'Ulises', 'Vera',
  'Ximena', 'Yusuf', 'Zara', 'Łukasz', 'Ángel', 'Renée', 'Joaquín', 'Dagný', 'Ayşe', 'Thu',
] as const;

export const LAST_NAMES = [
  'Smith', 'García', 'Müller', 'Nguyen', 'Okafor', 'Rossi', 'Kowalski', 'Johansson', 'Silva', 'Kim',
  'Dubois', 'Novak', 'Haddad', 'Tanaka', 'Murphy', 'Fernández', 'Schmidt', 'Costa', 'Ivanova', 'Patel',
  'Brown', 'Lefèvre', 'Mensah', 'Andersen', 'Ortiz', 'Wójcik', 'Sato', 'Reyes', 'Nowak', 'Hughes',
  'Lindqvist', 'Moreau', 'Yilmaz', 'Chen', 'Alvarez', 'Kaur', 'Byrne', 'Santos', 'Horvat', 'Ødegaard',
  'Núñez', 'Becker', 'Dlamini', 'Park', 'Romano', 'Walsh', 'Castillo', 'Eriksen', 'Ibáñez', 'Vogel',
] as const;

/** Names written in their own script, with the handle base their owner would pick. */
export const NATIVE_NAMES: ReadonlyArray<readonly [name: string, handle: string]> = [
  ['山田 花子', 'hanako_yamada'], ['佐藤 健', 'ken_sato'], ['王 伟', 'wangwei'], ['李 娜', 'li_na'],
  ['김 민준', 'minjun_kim'], ['박 서연', 'seoyeon'], ['鈴木 結衣', 'yui_suzuki'], ['陈 静', 'chenjing'],
  ['Алексей Волков', 'alexvolkov'], ['Ελένη Παππά', 'eleni_pappa'],
];

export const ARTIST_ADJECTIVES = [
  'Neon', 'Velvet', 'Golden', 'Silver', 'Midnight', 'Electric', 'Crystal', 'Lunar', 'Solar', 'Wild',
  'Quiet', 'Paper', 'Echo', 'Static', 'Glass', 'Cosmic', 'Analog', 'Hollow', 'Amber', 'Indigo',
  'Pale', 'Young', 'Tiny', 'Radiant', 'Broken', 'Northern', 'Stray', 'Honey', 'Iron', 'Lucky',
] as const;

export const ARTIST_NOUNS = [
  'Harbor', 'Parade', 'Machine', 'Fox', 'Garden', 'Tides', 'Wolves', 'Lanterns', 'Pilots', 'Satellites',
  'Orchid', 'Comet', 'Arcade', 'Signal', 'Mirage', 'Cartel', 'Atlas', 'Bloom', 'Engine', 'Ghosts',
  'Rivers', 'Prophet', 'Drifter', 'Kingdom', 'Sparrow', 'Motel', 'Cinema', 'Season', 'Lovers', 'Saints',
] as const;

/** Artist names that are not built from the lists above. */
export const SPECIAL_ARTIST_NAMES = [
  'Lúmen', 'Ñandú Sónico', 'Kōri', 'Ætherium', 'Søndag', '夜光虫', '별빛 Radio', 'Électrique Noir',
  '✨ Glitterbox ✨', 'moon 🌙 child', 'Fräulein Fuzz', 'Čokoláda', 'Сияние', 'Ολυμπία Sound', 'Đêm Trắng',
] as const;

export const CITIES = [
  'Berlin, Germany', 'São Paulo, Brazil', 'Tokyo, Japan', 'Montréal, Canada', 'Reykjavík, Iceland',
  'Kraków, Poland', 'Lagos, Nigeria', 'Seoul, South Korea', 'Ciudad de México, México', 'Zürich, Switzerland',
  'Malmö, Sweden', 'Brooklyn, NY', 'Los Angeles, CA', 'London, UK', 'Manchester, UK', 'Nairobi, Kenya',
  'Melbourne, Australia', 'Austin, TX', 'Atlanta, GA', 'Detroit, MI', 'Chicago, IL', 'Paris, France',
  'Lyon, France', 'Kingston, Jamaica', 'Bogotá, Colombia', 'Buenos Aires, Argentina', 'Mumbai, India',
  'Cape Town, South Africa', 'İstanbul, Türkiye', 'Oslo, Norway', 'Amsterdam, Netherlands', 'Lisbon, Portugal',
  'Dublin, Ireland', 'Toronto, Canada', 'Seattle, WA', 'Osaka, Japan', 'Taipei, Taiwan', 'Accra, Ghana',
  'Ibiza, Spain', 'Barcelona, Spain', 'Napoli, Italia', 'Wien, Österreich', 'Göteborg, Sverige', 'Kyiv, Ukraine',
  'Tbilisi, Georgia', 'Auckland, New Zealand', '東京', '서울', 'Detroit ↔ Berlin', 'Nowhere in particular',
] as const;

/** Bio templates: {genre}, {genreLower}, {city}, {year}, {handle} are filled in. */
export const ARTIST_BIOS = [
  '{genre} producer from {city}.',
  'Making {genreLower} in my bedroom since {year}.',
  'Booking: {handle}@example.com',
  '🎧 {genre} | {city}',
  'Songwriter. Coffee drinker. ☕ New music every month.',
  'Música para el alma ✨',
  '{city} based. Touring {year}. All tracks free to stream.',
  'One synth, two turntables and too many plugins.',
  '音楽が好きです。{genre} を作っています。',
  'Half of a duo, all of a feeling.',
  'Classically trained, happily untrained since {year}.',
  'I make the music your plants listen to 🌱',
] as const;

export const LISTENER_BIOS = [
  'Just here for the music.',
  'Playlists for every mood.',
  'Listener first, critic second.',
  'Always digging for new {genreLower}.',
  'Crate digger 📀 {city}',
  'Headphones on, world off 🎧',
  'Ich höre alles außer Schlager.',
  'Curating the best {genreLower} on the internet.',
] as const;

export const TITLE_ADJECTIVES = [
  'Golden', 'Electric', 'Midnight', 'Velvet', 'Broken', 'Neon', 'Silent', 'Endless', 'Hollow', 'Crystal',
  'Lunar', 'Wild', 'Paper', 'Digital', 'Faded', 'Burning', 'Frozen', 'Distant', 'Sweet', 'Bitter', 'Lost',
  'Hidden', 'Restless', 'Secret', 'Slow', 'Northern', 'Summer', 'Violet', 'Cosmic', 'Analog', 'Lazy',
  'Heavy', 'Little', 'Sunday', 'Tidal', 'Sacred', 'Liquid', 'Static', 'Infinite', 'Amber',
] as const;

export const TITLE_NOUNS = [
  'Dreams', 'Lights', 'Highway', 'Heart', 'Ocean', 'Signal', 'Garden', 'Shadows', 'River', 'Machine',
  'Fever', 'Horizon', 'Echo', 'Mirror', 'Thunder', 'Satellite', 'Paradise', 'Memories', 'Waves', 'City',
  'Rain', 'Fire', 'Skyline', 'Moonlight', 'Sunrise', 'Gravity', 'Pulse', 'Orbit', 'Island', 'Window',
  'Radio', 'Stranger', 'Letters', 'Season', 'Ghost', 'Daydream', 'Avenue', 'Tides', 'Cathedral', 'Velocity',
] as const;

export const TITLE_VERBS = [
  'Chasing', 'Falling', 'Running', 'Dancing', 'Waiting', 'Burning', 'Drifting', 'Floating', 'Breaking',
  'Calling', 'Holding', 'Fading', 'Counting', 'Dreaming',
] as const;

export const UNICODE_TITLES = [
  'Café de Minuit', 'Señorita del Mar', 'Über den Wolken', 'Þögn', '夜明けのドライブ', '서울의 밤', '月光',
  'Ça Plane', 'Niña Bonita', 'Été Indien', 'Smörgåsbord Funk', 'Déjà Vu', 'Fiesta 🎉', 'Søvnløs',
  'Белые ночи', 'Καλοκαίρι', '🌊🌊🌊', 'Mañana Será Otro Día', 'Crème Brûlée', 'Naïve Café',
] as const;

export const EMOJI = ['🌙', '✨', '🔥', '🌊', '💫', '🎧', '🌸', '⚡', '🖤', '☀️'] as const;

export const TAG_WORDS = [
  'chill', 'summer', 'vibes', 'bass', 'lofi', 'study', 'night', 'workout', 'indie', 'guitar', 'synth',
  '808', 'live', 'acoustic', 'vocal', 'instrumental', 'beats', 'party', 'roadtrip', 'rainy day',
  'dreamy', 'vinyl', 'retro', '80s', '90s', 'underground', 'club', 'festival', 'love', 'sad', 'happy',
  'piano', 'strings', 'bedroom pop', 'cinematic', 'newmusic', 'original', 'freedownload', 'café', '夜',
] as const;

/** Track description templates: {city}, {name}, {n}, {adj}, {noun}, {genreLower} are filled in. */
export const TRACK_DESCRIPTIONS = [
  'Written on a rainy night in {city}.',
  'Mixed and mastered by {name}.',
  'Free download for everyone who supported the last release 🙏',
  'Part {n} of the {adj} {noun} series.',
  'Recorded live in {city}.',
  'First single from the new album.',
  'Inspired by {noun} and late trains.',
  'Made with a cheap synth and a lot of coffee.',
  'Thanks for listening! ✨',
  'Sampled from an old {genreLower} record found in {city}.',
  'Letra y música: {name}.',
  '深夜に作った曲です。',
  'Headphones recommended.\nLyrics in the comments.',
] as const;

/** Playlist name templates: {adj}, {noun}, {verb}, {genre}, {year}, {city}, {n} are filled in. */
export const PLAYLIST_NAMES = [
  '{adj} {noun} Mix', 'Late Night {genre}', '{genre} Essentials', 'Songs for {verb}', 'Best of {year}',
  'My {genre} Favorites', 'Road Trip 🚗', 'Study Session 📚', 'Workout Fuel 💪', 'Rainy Day {genre}',
  'Summer {year}', 'Sunday Morning', 'Focus Flow', 'Deep Cuts Vol. {n}', '{city} Nights', 'Chill Vibes ✨',
  '夜のドライブ', 'Música para Cocinar', 'Für die Küche', 'Fresh Finds', 'Throwbacks', 'On Repeat 🔁',
  '{verb} {noun}', 'Songs About {noun}', '{genre} for {noun}', '{adj} Vibes Only', '{noun} & {noun}',
] as const;

export const PLAYLIST_DESCRIPTIONS = [
  'Updated weekly.', 'The best {genreLower} I found this year.', 'For long drives and longer nights.',
  'No skips.', 'Collaborative, message me to add a track.', 'Tracks I cannot stop playing 🔁',
  'Música para todos los días.', 'Hand-picked, in order.',
] as const;

/** Album name templates: {adj}, {noun}, {city}, {n} are filled in. */
export const ALBUM_NAMES = [
  '{adj} {noun}', '{noun} EP', '{noun} (Deluxe)', 'Vol. {n}', 'The {noun} Sessions', 'Live in {city}',
  'Self-Titled', '{adj} Hours', 'Été', '光と影', 'B-Sides & Rarities',
] as const;

export const ALBUM_DESCRIPTIONS = [
  'Debut album.', 'Written over two winters.', 'Out now everywhere.', 'Recorded in {city}.',
  'Thank you for ten years of listening ❤️',
] as const;
