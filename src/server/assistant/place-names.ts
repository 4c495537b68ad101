/**
 * Bay Area place names as Chinese readers write them, turned into the names the
 * directory's gazetteer knows, so "我在奧克蘭" finds Oakland. Traditional, Simplified and the
 * Cantonese names of Chinatown (屋崙 for Oakland, 三藩市 for San Francisco); longest first, so
 * 南三藩市 is not read as 三藩市.
 */
const CHINESE_PLACE_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['南三藩市', 'South San Francisco'],
  ['南旧金山', 'South San Francisco'],
  ['南舊金山', 'South San Francisco'],
  ['三藩市', 'San Francisco'],
  ['舊金山', 'San Francisco'],
  ['旧金山', 'San Francisco'],
  ['奧克蘭', 'Oakland'],
  ['奥克兰', 'Oakland'],
  ['屋崙', 'Oakland'],
  ['聖荷西', 'San Jose'],
  ['聖何塞', 'San Jose'],
  ['圣何塞', 'San Jose'],
  ['柏克萊', 'Berkeley'],
  ['伯克利', 'Berkeley'],
  ['戴利市', 'Daly City'],
  ['帝利市', 'Daly City'],
  ['列治文', 'Richmond'],
  ['里士满', 'Richmond'],
  ['菲利蒙', 'Fremont'],
  ['費利蒙', 'Fremont'],
  ['弗里蒙特', 'Fremont'],
  ['海沃德', 'Hayward'],
  ['阿拉米達', 'Alameda'],
  ['阿拉米达', 'Alameda'],
  ['聖馬刁', 'San Mateo'],
  ['圣马特奥', 'San Mateo'],
  ['山景城', 'Mountain View'],
  ['帕羅奧圖', 'Palo Alto'],
  ['帕罗奥图', 'Palo Alto'],
  ['庫比蒂諾', 'Cupertino'],
  ['库比蒂诺', 'Cupertino'],
  ['聖塔克拉拉', 'Santa Clara'],
  ['圣克拉拉', 'Santa Clara'],
  ['桑尼維爾', 'Sunnyvale'],
  ['桑尼维尔', 'Sunnyvale'],
  ['米爾皮塔斯', 'Milpitas'],
  ['米尔皮塔斯', 'Milpitas'],
  ['瓦列霍', 'Vallejo'],
  ['康科德', 'Concord'],
];

/** The text with each Chinese place name followed by its English name, for the gazetteer. */
export function withPlaceNamesForGazetteer(text: string): string {
  let result = text;
  for (const [chinese, english] of CHINESE_PLACE_NAMES) {
    if (result.includes(chinese)) result = result.replaceAll(chinese, ` in ${english} `);
  }
  return result;
}
