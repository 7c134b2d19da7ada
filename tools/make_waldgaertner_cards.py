"""How ``table/games/waldgaertner/rules/data/cards.toml`` was first made (run once; then edit the TOML).

    python tools/make_waldgaertner_cards.py > table/games/waldgaertner/rules/data/cards.toml

The printed 224 cards are not in the rules text. This reconstruction uses real woody plants with
edible parts from each continent, their flowering and fruiting seasons (Central Europe) mapped
to the ten phenological phases (1 early spring … 9 late autumn, 0 winter), and fills each
(continent, size class) cell to the text's count by giving species more than one copy
(round-robin in the order listed). Assumptions: docs/waldgaertner.md, "The card data".

One species per line: ``scientific|English|sex|value|bonus|colour|flower|fruit|harvest|leaf|partner|nfix``
(the German name comes from ``GERMAN``) with sex b/m/f (both, male, female), leaf ``L`` or ``-``,
partner the cross-pollination partner (species or genus, empty = self-pollinating), nfix ``N`` or
``-``; a male plant has fruit ``-``.
"""

from __future__ import annotations

COUNTS = {  # the text's "Overview of the plant categories": size -> (NA, EU, AS)
    5: (10, 10, 14), 4: (9, 10, 15), 3: (13, 12, 19), 2: (15, 16, 23), 1: (17, 16, 25)}
CONTINENTS = ("NA", "EU", "AS")

SPECIES: dict[tuple[str, int], str] = {
    ("EU", 5): """
Castanea sativa|Sweet chestnut|b|6|1|yellow|4|nut|8|-|Castanea|-
Juglans regia|Walnut|b|7|0|inconspicuous|2|nut|7|-||-
Fagus sylvatica|European beech|b|3|0|inconspicuous|2|nut|8|L||-
Tilia platyphyllos|Large-leaved lime|b|3|0|yellow|5|nut|8|L||-
Quercus robur|English oak|b|2|0|inconspicuous|2|nut|8|-||-
Pinus cembra|Swiss stone pine|b|4|0|red|4|cone|8|-||-
Ulmus glabra|Wych elm|b|2|0|inconspicuous|1|samara|3|L||-
Acer pseudoplatanus|Sycamore maple|b|2|0|green|3|samara|7|-||-
""",
    ("EU", 4): """
Prunus avium|Wild cherry|b|5|1|white|2|drupe|4|-|Prunus avium|-
Sorbus domestica|Service tree|b|4|0|white|3|pome|8|-||-
Sorbus torminalis|Wild service tree|b|3|0|white|3|pome|9|-||-
Alnus glutinosa|Black alder|b|1|0|inconspicuous|1|cone|8|-||N
Tilia cordata|Small-leaved lime|b|3|0|yellow|5|nut|8|L||-
Corylus colurna|Turkish hazel|b|4|1|inconspicuous|1|nut|7|-|Corylus|-
Celtis australis|Nettle tree|b|2|0|green|3|drupe|8|-||-
Taxus baccata|Yew|f|2|1|inconspicuous|2|cone|7|-|Taxus baccata|-
Taxus baccata|Yew|m|1|0|inconspicuous|2|-|-|-||-
""",
    ("EU", 3): """
Mespilus germanica|Medlar|b|4|0|white|3|pome|9|-||-
Cornus mas|Cornelian cherry|b|4|0|yellow|1|drupe|6|-||-
Pyrus pyraster|Wild pear|b|4|1|white|2|pome|7|-|Pyrus|-
Malus sylvestris|Crab apple|b|4|1|pink|2|pome|8|-|Malus|-
Sorbus aucuparia|Rowan|b|2|0|white|3|pome|7|-||-
Prunus cerasus|Sour cherry|b|4|0|white|2|drupe|5|-||-
Prunus domestica|Plum|b|5|0|white|2|drupe|7|-||-
Cercis siliquastrum|Judas tree|b|2|0|pink|2|legume|2|-||-
Laurus nobilis|Bay laurel|b|2|0|yellow|1|drupe|8|L||-
""",
    ("EU", 2): """
Corylus avellana|Hazel|b|4|1|inconspicuous|1|nut|7|-|Corylus|-
Sambucus nigra|Elder|b|3|0|white|4|berry|6|-||-
Prunus spinosa|Blackthorn|b|2|0|white|1|drupe|9|-||-
Rosa canina|Dog rose|b|2|0|pink|4|aggregate|8|-||-
Hippophae rhamnoides|Sea buckthorn|f|4|1|inconspicuous|1|berry|7|-|Hippophae|N
Hippophae rhamnoides|Sea buckthorn|m|1|0|inconspicuous|1|-|-|-||N
Crataegus monogyna|Hawthorn|b|2|0|white|3|pome|7|L||-
Berberis vulgaris|Barberry|b|2|0|yellow|3|berry|7|-||-
Viburnum opulus|Guelder rose|b|1|0|white|4|drupe|8|-||-
Staphylea pinnata|Bladdernut|b|1|0|white|3|capsule|8|-||-
Amelanchier ovalis|Snowy mespilus|b|2|0|white|2|pome|4|-||-
""",
    ("EU", 1): """
Rubus idaeus|Raspberry|b|3|0|white|4|aggregate|5|L||-
Rubus fruticosus|Blackberry|b|3|0|white|4|aggregate|6|L||-
Ribes rubrum|Redcurrant|b|2|0|green|2|berry|5|-||-
Ribes nigrum|Blackcurrant|b|3|0|green|2|berry|5|L||-
Ribes uva-crispa|Gooseberry|b|3|0|green|2|berry|5|-||-
Vaccinium myrtillus|Bilberry|b|2|0|pink|3|berry|5|-||-
Vaccinium vitis-idaea|Lingonberry|b|2|0|white|4|berry|7|-||-
Rosa spinosissima|Burnet rose|b|1|0|white|3|aggregate|7|-||-
Myrica gale|Bog myrtle|b|1|0|inconspicuous|1|drupe|7|L||N
Vitis vinifera|Grape vine|b|4|0|green|4|berry|8|L||-
Empetrum nigrum|Crowberry|b|1|0|purple|1|drupe|6|-||-
""",
    ("NA", 5): """
Juglans nigra|Black walnut|b|5|0|inconspicuous|2|nut|8|-||-
Carya ovata|Shagbark hickory|b|5|1|inconspicuous|3|nut|8|-|Carya|-
Carya illinoinensis|Pecan|b|6|1|inconspicuous|3|nut|9|-|Carya|-
Prunus serotina|Black cherry|b|3|0|white|3|drupe|6|-||-
Acer saccharum|Sugar maple|b|3|0|yellow|2|samara|7|-||-
Tilia americana|American lime|b|3|0|yellow|5|nut|8|L||-
Pinus strobus|White pine|b|2|0|yellow|4|cone|8|-||-
Gleditsia triacanthos|Honey locust|b|2|0|green|4|legume|9|-||-
Fagus grandifolia|American beech|b|3|0|inconspicuous|2|nut|8|L||-
Quercus alba|White oak|b|2|0|inconspicuous|2|nut|8|-||-
""",
    ("NA", 4): """
Robinia pseudoacacia|Black locust|b|2|0|white|3|legume|8|-||N
Castanea dentata|American chestnut|b|5|1|white|4|nut|8|-|Castanea|-
Diospyros virginiana|American persimmon|f|5|1|yellow|4|berry|9|-|Diospyros virginiana|-
Diospyros virginiana|American persimmon|m|1|0|yellow|4|-|-|-||-
Morus rubra|Red mulberry|b|4|0|green|2|multiple|5|L||-
Celtis occidentalis|Hackberry|b|2|0|green|2|drupe|8|-||-
Sassafras albidum|Sassafras|b|2|0|yellow|2|drupe|6|L||-
Alnus rubra|Red alder|b|1|0|inconspicuous|1|cone|8|-||N
""",
    ("NA", 3): """
Asimina triloba|Pawpaw|b|6|2|purple|2|berry|7|-|Asimina triloba|-
Prunus americana|American plum|b|4|0|white|2|drupe|6|-||-
Malus coronaria|Sweet crab apple|b|3|1|pink|3|pome|8|-|Malus|-
Cercis canadensis|Eastern redbud|b|2|0|pink|2|legume|2|-||-
Amelanchier arborea|Downy serviceberry|b|3|0|white|1|pome|4|-||-
Crataegus mollis|Downy hawthorn|b|2|0|white|3|pome|7|L||-
Sorbus americana|American mountain ash|b|2|0|white|3|pome|7|-||-
Pinus edulis|Pinyon pine|b|4|0|red|4|cone|8|-||-
""",
    ("NA", 2): """
Corylus americana|American hazel|b|4|1|inconspicuous|1|nut|7|-|Corylus|-
Shepherdia argentea|Buffaloberry|f|3|1|yellow|1|drupe|7|-|Shepherdia|N
Shepherdia argentea|Buffaloberry|m|1|0|yellow|1|-|-|-||N
Sambucus canadensis|American elder|b|3|0|white|5|berry|7|-||-
Amelanchier canadensis|Serviceberry|b|3|0|white|2|pome|4|-||-
Lindera benzoin|Spicebush|b|2|0|yellow|1|drupe|7|L||-
Hamamelis virginiana|Witch hazel|b|1|0|yellow|9|capsule|7|-||-
Viburnum lentago|Nannyberry|b|2|0|white|3|drupe|8|-||-
Prunus virginiana|Chokecherry|b|2|0|white|3|drupe|6|-||-
Rhus typhina|Staghorn sumac|b|1|0|green|4|drupe|7|-||-
Amorpha fruticosa|False indigo|b|1|0|purple|4|legume|8|-||N
Zanthoxylum americanum|Prickly ash|b|2|0|green|2|follicle|7|-||-
Vaccinium corymbosum|Highbush blueberry|b|4|1|white|3|berry|5|-|Vaccinium|-
""",
    ("NA", 1): """
Aronia melanocarpa|Black chokeberry|b|3|0|white|3|pome|6|-||-
Vaccinium macrocarpon|Cranberry|b|3|0|pink|5|berry|8|-||-
Rubus occidentalis|Black raspberry|b|3|0|white|4|aggregate|5|-||-
Ribes odoratum|Buffalo currant|b|2|0|yellow|2|berry|5|-||-
Ceanothus americanus|New Jersey tea|b|1|0|white|4|capsule|7|L||N
Comptonia peregrina|Sweet fern|b|1|0|inconspicuous|1|nut|6|L||N
Gaultheria procumbens|Wintergreen|b|2|0|white|5|berry|8|L||-
Vitis riparia|Riverbank grape|b|3|0|green|3|berry|8|L||-
Yucca filamentosa|Adam's needle|b|2|0|white|5|capsule|5|-||-
Gaylussacia baccata|Black huckleberry|b|2|0|red|3|drupe|6|-||-
""",
    ("AS", 5): """
Ginkgo biloba|Ginkgo|f|4|1|inconspicuous|2|seed|8|-|Ginkgo biloba|-
Ginkgo biloba|Ginkgo|m|1|0|inconspicuous|2|-|-|-||-
Juglans mandshurica|Manchurian walnut|b|4|0|inconspicuous|2|nut|8|-||-
Juglans ailantifolia|Japanese walnut|b|5|0|inconspicuous|2|nut|8|-||-
Pinus koraiensis|Korean pine|b|5|0|red|4|cone|8|-||-
Pinus armandii|Armand pine|b|4|0|yellow|4|cone|8|-||-
Tilia japonica|Japanese lime|b|3|0|yellow|5|nut|8|L||-
Castanea crenata|Japanese chestnut|b|5|1|yellow|4|nut|8|-|Castanea|-
""",
    ("AS", 4): """
Morus alba|White mulberry|b|4|0|green|2|multiple|4|L||-
Toona sinensis|Chinese mahogany|b|3|0|white|5|capsule|8|L||-
Hovenia dulcis|Japanese raisin tree|b|4|0|white|4|drupe|8|-||-
Castanea mollissima|Chinese chestnut|b|5|1|yellow|4|nut|8|-|Castanea|-
Diospyros lotus|Date plum|f|4|1|red|4|berry|9|-|Diospyros lotus|-
Diospyros lotus|Date plum|m|1|0|red|4|-|-|-||-
Torreya nucifera|Japanese nutmeg yew|b|3|0|inconspicuous|2|seed|8|-||-
Alnus japonica|Japanese alder|b|1|0|inconspicuous|1|cone|8|-||N
Pistacia chinensis|Chinese pistache|b|2|0|red|2|drupe|8|L||-
""",
    ("AS", 3): """
Diospyros kaki|Persimmon|b|6|0|yellow|4|berry|9|-||-
Ziziphus jujuba|Jujube|b|4|0|green|5|drupe|8|-||-
Prunus armeniaca|Apricot|b|5|0|white|1|drupe|5|-||-
Prunus persica|Peach|b|5|0|pink|2|drupe|6|-||-
Pyrus pyrifolia|Nashi pear|b|5|1|white|2|pome|7|-|Pyrus|-
Malus domestica|Apple|b|6|1|pink|2|pome|8|-|Malus|-
Cydonia oblonga|Quince|b|4|0|pink|3|pome|8|-||-
Cornus kousa|Kousa dogwood|b|3|0|white|3|multiple|8|-||-
Cornus officinalis|Japanese cornel|b|3|0|yellow|1|drupe|7|-||-
Magnolia kobus|Kobushi magnolia|b|2|0|white|1|follicle|1|-||-
Albizia julibrissin|Silk tree|b|2|0|pink|5|legume|8|L||N
Maackia amurensis|Amur maackia|b|1|0|white|5|legume|8|-||N
Prunus mume|Japanese apricot|b|4|0|white|0|drupe|4|-||-
""",
    ("AS", 2): """
Elaeagnus umbellata|Autumn olive|b|3|0|white|2|drupe|8|-||N
Elaeagnus multiflora|Goumi|b|3|0|yellow|2|drupe|4|-||N
Caragana arborescens|Siberian pea shrub|b|2|0|yellow|3|legume|5|-||N
Prunus tomentosa|Nanking cherry|b|4|1|white|1|drupe|4|-|Prunus tomentosa|-
Chaenomeles japonica|Japanese quince|b|3|0|red|2|pome|8|-||-
Hibiscus syriacus|Rose of Sharon|b|2|0|purple|6|capsule|8|L||-
Camellia sinensis|Tea|b|3|0|white|8|capsule|9|L||-
Zanthoxylum simulans|Sichuan pepper|b|3|0|green|3|follicle|7|L||-
Eleutherococcus sieboldianus|Five-leaf aralia|b|1|0|green|5|berry|8|L||-
Decaisnea fargesii|Dead man's fingers|b|2|0|green|4|follicle|8|-||-
Xanthoceras sorbifolium|Yellowhorn|b|3|0|white|3|capsule|7|-||-
Poncirus trifoliata|Trifoliate orange|b|1|0|white|2|berry|8|-||-
Aralia elata|Japanese angelica tree|b|2|0|white|6|berry|8|L||-
Cercis chinensis|Chinese redbud|b|2|0|purple|2|legume|2|-||-
""",
    ("AS", 1): """
Actinidia arguta|Kiwi berry|f|5|2|white|4|berry|8|-|Actinidia arguta|-
Actinidia arguta|Kiwi berry|m|1|0|white|4|-|-|-||-
Actinidia kolomikta|Arctic kiwi|f|4|2|white|4|berry|6|-|Actinidia kolomikta|-
Actinidia kolomikta|Arctic kiwi|m|1|0|white|4|-|-|-||-
Lonicera caerulea|Honeyberry|b|3|1|yellow|1|berry|4|-|Lonicera caerulea|-
Schisandra chinensis|Magnolia vine|b|3|0|white|3|berry|7|-||-
Akebia quinata|Chocolate vine|b|2|0|purple|2|follicle|8|-||-
Lycium barbarum|Goji|b|3|0|purple|4|berry|6|L||-
Rubus phoenicolasius|Japanese wineberry|b|3|0|white|4|aggregate|5|-||-
Rosa rugosa|Japanese rose|b|2|0|pink|4|aggregate|7|-||-
Paeonia suffruticosa|Tree peony|b|1|0|pink|3|follicle|7|-||-
Wisteria sinensis|Chinese wisteria|b|1|0|purple|2|legume|8|-||N
Rubus parvifolius|Japanese raspberry|b|2|0|pink|4|aggregate|5|-||-
""",
}


GERMAN = {  # the German names (the card's third name); "" where none is in common use
    "Acer pseudoplatanus": "Berg-Ahorn", "Acer saccharum": "Zucker-Ahorn", "Actinidia arguta": "Mini-Kiwi",
    "Actinidia kolomikta": "Kolomikta-Kiwi", "Akebia quinata": "Fingerblättrige Akebie",
    "Albizia julibrissin": "Seidenbaum", "Alnus glutinosa": "Schwarz-Erle", "Alnus japonica": "Japanische Erle",
    "Alnus rubra": "Rot-Erle", "Amelanchier arborea": "Baum-Felsenbirne",
    "Amelanchier canadensis": "Kanadische Felsenbirne", "Amelanchier ovalis": "Gewöhnliche Felsenbirne",
    "Amorpha fruticosa": "Bleibusch", "Aralia elata": "Japanischer Angelikabaum",
    "Aronia melanocarpa": "Schwarze Apfelbeere", "Asimina triloba": "Indianerbanane",
    "Berberis vulgaris": "Gewöhnliche Berberitze", "Camellia sinensis": "Teestrauch",
    "Caragana arborescens": "Gewöhnlicher Erbsenstrauch", "Carya illinoinensis": "Pekannuss",
    "Carya ovata": "Schindelborkige Hickory", "Castanea crenata": "Japanische Esskastanie",
    "Castanea dentata": "Amerikanische Kastanie", "Castanea mollissima": "Chinesische Kastanie",
    "Castanea sativa": "Edelkastanie", "Ceanothus americanus": "Amerikanische Säckelblume",
    "Celtis australis": "Südlicher Zürgelbaum", "Celtis occidentalis": "Amerikanischer Zürgelbaum",
    "Cercis canadensis": "Kanadischer Judasbaum", "Cercis chinensis": "Chinesischer Judasbaum",
    "Cercis siliquastrum": "Gewöhnlicher Judasbaum", "Chaenomeles japonica": "Japanische Zierquitte",
    "Comptonia peregrina": "Farnmyrte", "Cornus kousa": "Japanischer Blumen-Hartriegel",
    "Cornus mas": "Kornelkirsche", "Cornus officinalis": "Japanische Kornelkirsche",
    "Corylus americana": "Amerikanische Hasel", "Corylus avellana": "Gewöhnliche Hasel",
    "Corylus colurna": "Baum-Hasel", "Crataegus mollis": "Scharlach-Weißdorn",
    "Crataegus monogyna": "Eingriffeliger Weißdorn", "Cydonia oblonga": "Quitte",
    "Decaisnea fargesii": "Blauschote", "Diospyros kaki": "Kaki", "Diospyros lotus": "Lotuspflaume",
    "Diospyros virginiana": "Virginische Dattelpflaume", "Elaeagnus multiflora": "Essbare Ölweide",
    "Elaeagnus umbellata": "Schirm-Ölweide", "Eleutherococcus sieboldianus": "Fünfblättrige Stachelkraftwurz",
    "Empetrum nigrum": "Schwarze Krähenbeere", "Fagus grandifolia": "Amerikanische Buche",
    "Fagus sylvatica": "Rotbuche", "Gaultheria procumbens": "Niedere Scheinbeere",
    "Gaylussacia baccata": "Schwarze Buckelbeere", "Ginkgo biloba": "Ginkgo",
    "Gleditsia triacanthos": "Lederhülsenbaum",
    "Hamamelis virginiana": "Virginische Zaubernuss", "Hibiscus syriacus": "Garten-Eibisch",
    "Hippophae rhamnoides": "Sanddorn", "Hovenia dulcis": "Japanischer Rosinenbaum",
    "Juglans ailantifolia": "Japanische Walnuss", "Juglans mandshurica": "Mandschurische Walnuss",
    "Juglans nigra": "Schwarznuss", "Juglans regia": "Echte Walnuss", "Laurus nobilis": "Echter Lorbeer",
    "Lindera benzoin": "Benzoestrauch", "Lonicera caerulea": "Maibeere", "Lycium barbarum": "Gewöhnlicher Bocksdorn",
    "Maackia amurensis": "Asiatisches Gelbholz", "Magnolia kobus": "Kobushi-Magnolie",
    "Malus coronaria": "Kronen-Apfel", "Malus domestica": "Kulturapfel", "Malus sylvestris": "Holzapfel",
    "Mespilus germanica": "Echte Mispel", "Morus alba": "Weiße Maulbeere", "Morus rubra": "Rote Maulbeere",
    "Myrica gale": "Gagelstrauch", "Paeonia suffruticosa": "Strauch-Pfingstrose", "Pinus armandii": "Armands Kiefer",
    "Pinus cembra": "Zirbelkiefer", "Pinus edulis": "Colorado-Pinyon-Kiefer", "Pinus koraiensis": "Korea-Kiefer",
    "Pinus strobus": "Weymouth-Kiefer", "Pistacia chinensis": "Chinesische Pistazie",
    "Poncirus trifoliata": "Dreiblättrige Orange", "Prunus americana": "Amerikanische Pflaume",
    "Prunus armeniaca": "Aprikose", "Prunus avium": "Vogel-Kirsche", "Prunus cerasus": "Sauerkirsche",
    "Prunus domestica": "Pflaume", "Prunus mume": "Japanische Aprikose", "Prunus persica": "Pfirsich",
    "Prunus serotina": "Späte Traubenkirsche", "Prunus spinosa": "Schlehe", "Prunus tomentosa": "Filzkirsche",
    "Prunus virginiana": "Virginische Traubenkirsche", "Pyrus pyraster": "Wild-Birne",
    "Pyrus pyrifolia": "Nashi-Birne",
    "Quercus alba": "Weiß-Eiche", "Quercus robur": "Stiel-Eiche", "Rhus typhina": "Essigbaum",
    "Ribes nigrum": "Schwarze Johannisbeere", "Ribes odoratum": "Gold-Johannisbeere",
    "Ribes rubrum": "Rote Johannisbeere",
    "Ribes uva-crispa": "Stachelbeere", "Robinia pseudoacacia": "Gewöhnliche Robinie", "Rosa canina": "Hunds-Rose",
    "Rosa rugosa": "Kartoffel-Rose", "Rosa spinosissima": "Bibernell-Rose", "Rubus fruticosus": "Brombeere",
    "Rubus idaeus": "Himbeere", "Rubus occidentalis": "Schwarze Himbeere", "Rubus parvifolius": "Japanische Himbeere",
    "Rubus phoenicolasius": "Japanische Weinbeere", "Sambucus canadensis": "Kanadischer Holunder",
    "Sambucus nigra": "Schwarzer Holunder", "Sassafras albidum": "Sassafras",
    "Schisandra chinensis": "Chinesisches Spaltkörbchen",
    "Shepherdia argentea": "Silber-Büffelbeere", "Sorbus americana": "Amerikanische Eberesche",
    "Sorbus aucuparia": "Eberesche", "Sorbus domestica": "Speierling", "Sorbus torminalis": "Elsbeere",
    "Staphylea pinnata": "Gewöhnliche Pimpernuss", "Taxus baccata": "Europäische Eibe",
    "Tilia americana": "Amerikanische Linde", "Tilia cordata": "Winter-Linde", "Tilia japonica": "Japanische Linde",
    "Tilia platyphyllos": "Sommer-Linde", "Toona sinensis": "Chinesischer Surenbaum",
    "Torreya nucifera": "Japanische Nusseibe", "Ulmus glabra": "Berg-Ulme", "Vaccinium corymbosum": "Kulturheidelbeere",
    "Vaccinium macrocarpon": "Großfrüchtige Moosbeere", "Vaccinium myrtillus": "Heidelbeere",
    "Vaccinium vitis-idaea": "Preiselbeere", "Viburnum lentago": "Kanadischer Schneeball",
    "Viburnum opulus": "Gewöhnlicher Schneeball", "Vitis riparia": "Ufer-Rebe", "Vitis vinifera": "Weinrebe",
    "Wisteria sinensis": "Chinesischer Blauregen", "Xanthoceras sorbifolium": "Gelbhorn",
    "Yucca filamentosa": "Fädige Palmlilie", "Zanthoxylum americanum": "Amerikanische Stachelesche",
    "Zanthoxylum simulans": "Szechuanpfeffer", "Ziziphus jujuba": "Chinesische Jujube",
}


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> None:
    print("# Waldgärtner: the 224 plant cards (a reconstruction; assumptions in docs/waldgaertner.md).")
    print("# Made by tools/make_waldgaertner_cards.py; edit freely to match a printed deck.")
    print("# size: 1 small shrub/climber, 2 large shrub, 3 small tree, 4 medium tree, 5 large tree.")
    print("# Phases 1 early spring .. 9 late autumn, 0 winter. copies: identical cards in the deck.\n")
    print('[deck]\nname = "reconstructed"\n')
    for size in (5, 4, 3, 2, 1):
        for ci, cont in enumerate(CONTINENTS):
            lines = [ln for ln in SPECIES[(cont, size)].strip().splitlines() if ln.strip()]
            want = COUNTS[size][ci]
            copies = [0] * len(lines)
            for i in range(want):
                copies[i % len(lines)] += 1
            for line, n in zip(lines, copies, strict=True):
                if not n:
                    continue
                (name, common, sex, value, bonus, colour, flower, fruit, harvest, leaf, partner,
                 nfix) = line.split("|")
                print("[[card]]")
                print(f"name = {_q(name)}\ncommon = {_q(common)}\ngerman = {_q(GERMAN[name])}")
                print(f"continent = {_q(cont)}\nsize = {size}")
                print(f"sex = {_q({'b': 'both', 'm': 'male', 'f': 'female'}[sex])}\nvalue = {value}")
                if int(bonus):
                    print(f"bonus = {bonus}")
                print(f"flower = {_q(colour)}\nflowering = {flower}")
                if fruit != "-":
                    print(f"fruit = {_q(fruit)}\nharvest = {harvest}")
                if leaf == "L":
                    print("leaf = true")
                if partner:
                    print(f"partner = {_q(partner)}")
                if nfix == "N":
                    print("nitrogen = true")
                if n > 1:
                    print(f"copies = {n}")
                print()
    print(TASKS)


TASKS = """# The 9 "additional tasks" (backs of the placement cards; reconstructed): 10 points for having
# strictly more plants matching the task than every other player.
[[task]]
name = "most large and medium trees"
sizes = [4, 5]
[[task]]
name = "most small trees"
sizes = [3]
[[task]]
name = "most large shrubs"
sizes = [2]
[[task]]
name = "most small shrubs and climbers"
sizes = [1]
[[task]]
name = "most nitrogen fixers"
nitrogen = true
[[task]]
name = "most salad trees (leaf harvest)"
leaf = true
[[task]]
name = "most cross-pollinators"
cross = true
[[task]]
name = "most nut and seed plants"
fruits = ["nut", "seed", "cone"]
[[task]]
name = "most stone fruits and pome fruits"
fruits = ["drupe", "pome"]
"""


if __name__ == "__main__":
    main()
