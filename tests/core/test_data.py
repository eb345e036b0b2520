import pytest

from generator.core.data import MapOf, Optional, check, freeze, load_toml, resource_root
from generator.core.errors import InputError

SCHEMA = {"name": str, "size": {"w": int, "h": int}, "tags": [str], "extra": Optional(float),
          "colours": MapOf(str)}


def write(tmp_path, text):
    path = tmp_path / "d.toml"
    path.write_text(text)
    return path


GOOD = 'name = "x"\ntags = ["a"]\n[size]\nw = 1\nh = 2\n[colours]\nred = "#f00"\n'


def test_good_file_loads_frozen(tmp_path):
    data = load_toml(write(tmp_path, GOOD), SCHEMA)
    assert data["size"]["w"] == 1 and data["tags"] == ("a",)
    with pytest.raises(TypeError):
        data["name"] = "y"


def test_unknown_key_names_file_and_key(tmp_path):
    path = write(tmp_path, GOOD.replace("h = 2", "h = 2\ndepth = 3"))
    with pytest.raises(InputError) as exc:
        load_toml(path, SCHEMA)
    assert str(path) in exc.value.message and "size.depth" in exc.value.message
    assert "unknown key" in exc.value.message


def test_missing_key_names_file_and_key(tmp_path):
    path = write(tmp_path, GOOD.replace("w = 1\n", ""))
    with pytest.raises(InputError) as exc:
        load_toml(path, SCHEMA)
    assert "size.w" in exc.value.message and "missing" in exc.value.message


def test_wrong_type_is_an_error(tmp_path):
    with pytest.raises(InputError, match="tags\\[0\\]"):
        load_toml(write(tmp_path, GOOD.replace('["a"]', "[1]")), SCHEMA)


def test_bool_is_not_an_int(tmp_path):
    with pytest.raises(InputError):
        check(True, int, "f")


def test_optional_may_be_absent_or_present(tmp_path):
    assert load_toml(write(tmp_path, 'extra = 2\n' + GOOD), SCHEMA)["extra"] == 2


def test_bad_toml_names_the_place(tmp_path):
    with pytest.raises(InputError, match="line 1"):
        load_toml(write(tmp_path, "name = \n"), SCHEMA)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="not found"):
        load_toml(tmp_path / "nope.toml", SCHEMA)


def test_freeze_nested():
    frozen = freeze({"a": [{"b": 1}]})
    assert frozen["a"][0]["b"] == 1 and isinstance(frozen["a"], tuple)


def test_resource_roots_exist():
    for kind in ("seeds", "maps", "templates"):
        assert resource_root(kind).is_dir()
