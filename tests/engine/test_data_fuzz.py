"""Fuzzing the data loader: any edit of a data file gives a DataError or a valid data set, never a crash."""

from importlib import resources
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.engine.errors import DataError
from table.games.applejack.files import load_dataset
from table.games.applejack.rules.data import FILES

ORIGINAL = {name: resources.files("table.games.applejack.rules").joinpath("data", name).read_text(encoding="utf-8")
            for name in FILES}
VALUES = st.sampled_from(['"x"', "-1", "0", "7", "99", "1.5", "true", "[]", "[1, 1]", "{}", '{ a = 1 }',
                          '["brown", "plum"]', "[9, 1]", '"#zzzzzz"', '"circle"', "[1, 2, 3]"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FILES), st.data())
def test_any_value_edit_gives_a_clear_error_or_a_valid_data_set(tmp_path: Path, name, data):
    lines = ORIGINAL[name].splitlines()
    candidates = [i for i, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")]
    edits = data.draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=3))
    for i in edits:
        line = lines[i]
        if line.lstrip().startswith("{"):  # a path space inline table: replace one value inside it
            key, _, rest = line.partition("=")
            lines[i] = f"{key}= {data.draw(VALUES)}, " + rest.split(",", 1)[-1] if "," in rest else line
        else:
            key = line.split("=", 1)[0]
            lines[i] = f"{key}= {data.draw(VALUES)}"
    directory = tmp_path / "d"
    directory.mkdir(exist_ok=True)
    for other in FILES:
        (directory / other).write_text("\n".join(lines) if other == name else ORIGINAL[other], encoding="utf-8")
    try:
        load_dataset(directory)
    except DataError as exc:
        assert exc.problems and all(p.file in FILES for p in exc.problems)
        assert all(str(p).count(":") >= 2 for p in exc.problems)
