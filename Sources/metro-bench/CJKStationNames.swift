import MetroMap

/// Gives every station of a real scheme a Japanese name (tagged `ja`), so the benchmark has a CJK-labelled scene of
/// realistic density: two to four characters from the kanji and kana of real Tokyo station names, chosen by the
/// station's index so every run draws the same names.
enum CJKStationNames {
    private static let characters = Array("新宿渋谷池袋品川東京上野秋葉原神田有楽町銀座日本橋大手町表参道赤坂六本木目黒恵比寿中野高田馬場御茶ノ水飯田橋市ヶ谷四ツ谷代々木原宿浜松駒込巣鴨大塚田端西日暮里北千住押上錦糸町両国浅草")

    static func relabel(_ map: MetroMap) -> MetroMap {
        var map = map
        for index in map.stations.indices {
            var seed = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1
            var name = ""
            let length = 2 + index % 3
            for _ in 0..<length {
                seed ^= seed >> 29
                seed = seed &* 0xBF58_476D_1CE4_E5B9
                name.append(characters[Int(seed % UInt64(characters.count))])
            }
            map.stations[index].localizedNames["ja"] = name + "駅"
        }
        return map
    }
}
